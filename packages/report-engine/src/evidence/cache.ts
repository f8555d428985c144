/**
 * A result cache per source and query: the same search within a day is answered from the cache,
 * not sent again (budgets are per key and per day; reports on similar inventions repeat
 * searches). Only successful answers are kept. The store is a port: the server keeps it in the
 * database, so every process shares it; tests and the engine alone use the memory store.
 */
import type { EvidenceHit, EvidenceSource } from './evidence.ts';

export const SEARCH_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export interface SearchCache {
  get(source: string, query: string): Promise<EvidenceHit[] | null>;
  set(source: string, query: string, hits: EvidenceHit[]): Promise<void>;
}

/** Case and spacing do not make a different search. */
export function cacheKey(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function createMemorySearchCache(ttlMs = SEARCH_CACHE_TTL_MS, now: () => number = Date.now): SearchCache {
  const entries = new Map<string, { at: number; hits: EvidenceHit[] }>();
  return {
    async get(source, query) {
      const e = entries.get(`${source}\n${cacheKey(query)}`);
      return e && now() - e.at < ttlMs ? e.hits : null;
    },
    async set(source, query, hits) {
      entries.set(`${source}\n${cacheKey(query)}`, { at: now(), hits });
    },
  };
}

/** The same source, answering from the cache when it can. A cache that fails is bypassed, never fatal. */
export function cachedSource(source: EvidenceSource, cache: SearchCache, onHit?: (hits: number) => void): EvidenceSource {
  return {
    ...source,
    async search(query, signal) {
      const cached = await cache.get(source.name, query).catch(() => null);
      if (cached) {
        onHit?.(cached.length);
        return cached;
      }
      const hits = await source.search(query, signal);
      await cache.set(source.name, query, hits).catch(() => undefined);
      return hits;
    },
  };
}
