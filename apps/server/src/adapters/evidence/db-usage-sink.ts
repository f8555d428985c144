import type { SourceEvent, SourceUsageSink } from '@assay/report-engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { createInFlight } from '../../lib/in-flight.ts';

/**
 * Counts each source's searches, failures and cache hits per UTC day and keeps its last failure
 * (migration 210), for the operator panel. Written off the search's path: a search never waits
 * for, or fails because of, its own bookkeeping.
 */
export function createDbUsageSink(db: Queryable, log: FastifyBaseLogger) {
  const writes = createInFlight();
  const write = async (e: SourceEvent) => {
    if (e.kind !== 'probe') {
      await db.query(
        `INSERT INTO evidence_source_usage (source, day, searches, failures, cache_hits)
         VALUES ($1, (now() AT TIME ZONE 'UTC')::date, $2, $3, $4)
         ON CONFLICT (source, day) DO UPDATE SET
           searches = evidence_source_usage.searches + EXCLUDED.searches,
           failures = evidence_source_usage.failures + EXCLUDED.failures,
           cache_hits = evidence_source_usage.cache_hits + EXCLUDED.cache_hits`,
        [e.source, e.kind === 'search' ? 1 : 0, e.kind === 'search' && !e.ok ? 1 : 0, e.kind === 'cache_hit' ? 1 : 0],
      );
    }
    if (e.kind === 'cache_hit') return;
    // A key the service only limited (slow down, allowance spent) was recognised: the probe passed.
    const known = e.ok || e.error?.failure === 'budget_spent' || e.error?.failure === 'rate_limited';
    const probe = e.kind !== 'probe' ? null : known ? 'ok' : e.error?.failure === 'rejected' ? 'refused' : 'unreachable';
    await db.query(
      `INSERT INTO evidence_source_status AS s (source, last_ok_at, last_error, last_error_at, spent_until, probe, probed_at)
       VALUES ($1, CASE WHEN $2 THEN now() END, $3, CASE WHEN $3::text IS NOT NULL THEN now() END, $4, $5, CASE WHEN $5::text IS NOT NULL THEN now() END)
       ON CONFLICT (source) DO UPDATE SET
         last_ok_at = COALESCE(EXCLUDED.last_ok_at, s.last_ok_at),
         last_error = COALESCE(EXCLUDED.last_error, s.last_error),
         last_error_at = COALESCE(EXCLUDED.last_error_at, s.last_error_at),
         spent_until = CASE WHEN $2 THEN NULL ELSE COALESCE(EXCLUDED.spent_until, s.spent_until) END,
         probe = COALESCE(EXCLUDED.probe, s.probe),
         probed_at = COALESCE(EXCLUDED.probed_at, s.probed_at)`,
      [e.source, e.ok, e.ok ? null : (e.error?.plain ?? 'failed').slice(0, 300), e.error?.until?.toISOString() ?? null, probe],
    );
  };
  const sink: SourceUsageSink & { flush(): Promise<void> } = {
    record(e) {
      void writes.track(write(e).catch((err: unknown) => log.warn({ err, source: e.source }, 'evidence usage not recorded')));
    },
    /** Waits for the writes under way (tests, shutdown). */
    flush: writes.settled,
  };
  return sink;
}
