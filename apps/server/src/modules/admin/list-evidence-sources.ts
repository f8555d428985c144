import { EVIDENCE_USAGE_DAYS, type AdminEvidenceSource } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/**
 * The configured evidence sources with their use today and this week, last failure, spent
 * allowance and start-up check (written by the server's usage sink, migration 210). Two small
 * reads whatever the traffic: one row per source and day.
 */
export async function listEvidenceSources(
  db: Queryable,
  configured: readonly { name: string; label: string }[],
): Promise<AdminEvidenceSource[]> {
  if (configured.length === 0) return [];
  const names = configured.map((s) => s.name);
  const [usage, status] = await Promise.all([
    db.query<{ source: string; today: boolean; searches: number; failures: number; cache_hits: number }>(
      `SELECT source, day = (now() AT TIME ZONE 'UTC')::date AS today, searches, failures, cache_hits
         FROM evidence_source_usage
        WHERE source = ANY($1) AND day > (now() AT TIME ZONE 'UTC')::date - $2::int`,
      [names, EVIDENCE_USAGE_DAYS],
    ),
    db.query<Record<string, unknown> & { source: string }>(`SELECT * FROM evidence_source_status WHERE source = ANY($1)`, [names]),
  ]);
  return configured.map(({ name, label }) => {
    const rows = usage.rows.filter((r) => r.source === name);
    const sum = (list: typeof rows) => ({
      searches: list.reduce((n, r) => n + r.searches, 0),
      failures: list.reduce((n, r) => n + r.failures, 0),
      cache_hits: list.reduce((n, r) => n + r.cache_hits, 0),
    });
    const s = status.rows.find((r) => r.source === name);
    const spentUntil = iso(s?.spent_until);
    return {
      source: name,
      label,
      today: sum(rows.filter((r) => r.today)),
      week: sum(rows),
      last_ok_at: iso(s?.last_ok_at),
      last_error: (s?.last_error as string | null | undefined) ?? null,
      last_error_at: iso(s?.last_error_at),
      spent_until: spentUntil && Date.parse(spentUntil) > Date.now() ? spentUntil : null,
      probe: (s?.probe as AdminEvidenceSource['probe'] | undefined) ?? null,
      probed_at: iso(s?.probed_at),
    };
  });
}
