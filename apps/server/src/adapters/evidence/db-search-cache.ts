import { SEARCH_CACHE_TTL_MS, searchCacheKey, type SearchCache } from '@assay/report-engine';
import type { Queryable } from '../../db/client.ts';

/** The result cache in the database (migration 210): shared by every process, a day per answer. */
export function createDbSearchCache(db: Queryable, ttlMs = SEARCH_CACHE_TTL_MS): SearchCache {
  return {
    async get(source, query) {
      const { rows } = await db.query<{ hits: unknown }>(
        `SELECT hits FROM evidence_search_cache WHERE source = $1 AND query = $2 AND fetched_at > now() - $3 * interval '1 millisecond'`,
        [source, searchCacheKey(query), ttlMs],
      );
      return rows[0] ? (rows[0].hits as Awaited<ReturnType<SearchCache['get']>>) : null;
    },
    async set(source, query, hits) {
      await db.query(
        `INSERT INTO evidence_search_cache (source, query, hits) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (source, query) DO UPDATE SET hits = EXCLUDED.hits, fetched_at = now()`,
        [source, searchCacheKey(query), JSON.stringify(hits)],
      );
    },
  };
}
