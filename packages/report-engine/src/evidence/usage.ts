/**
 * What operators see of each source: every search, cache hit and start-up probe, with the last
 * failure in plain words. The engine reports events; the server keeps the counts (admin panel).
 */
import type { EvidenceSource, EvidenceSourceName } from './evidence.ts';
import { SearchError } from './http.ts';

export interface SourceEvent {
  source: EvidenceSourceName;
  kind: 'search' | 'cache_hit' | 'probe';
  ok: boolean;
  hits?: number;
  /** Set when !ok. */
  error?: SearchError;
}

export interface SourceUsageSink {
  record(event: SourceEvent): void;
}

const asSearchError = (e: unknown) => (e instanceof SearchError ? e : new SearchError('unavailable', 'failed unexpectedly'));

/** The same source, reporting each search's outcome. The sink must not throw or block. */
export function observedSource(source: EvidenceSource, sink: SourceUsageSink): EvidenceSource {
  return {
    ...source,
    async search(query, signal) {
      try {
        const hits = await source.search(query, signal);
        sink.record({ source: source.name, kind: 'search', ok: true, hits: hits.length });
        return hits;
      } catch (e) {
        if (!(e instanceof SearchError && e.failure === 'aborted'))
          sink.record({ source: source.name, kind: 'search', ok: false, error: asSearchError(e) });
        throw e;
      }
    },
    ...(source.probe
      ? {
          async probe(signal?: AbortSignal) {
            try {
              await source.probe!(signal);
              sink.record({ source: source.name, kind: 'probe', ok: true });
            } catch (e) {
              sink.record({ source: source.name, kind: 'probe', ok: false, error: asSearchError(e) });
              throw e;
            }
          },
        }
      : {}),
  };
}
