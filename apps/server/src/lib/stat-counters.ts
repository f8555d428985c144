import type { Queryable } from '../db/client.ts';

/**
 * Running totals kept by triggers as rows are written (stat_counters, migration 050):
 * 'users', 'reports', 'payments', 'payments_paid', 'contact_submissions', and per currency
 * 'revenue:<currency>', 'revenue_tax:…', 'refunded:…', 'refunded_tax:…'. A name ending in
 * ':*' asks for every counter of that family. Reading one is a few rows, however large the
 * tables grow.
 */
export async function readCounters(db: Queryable, names: string[]): Promise<Map<string, number>> {
  const families = names.filter((n) => n.endsWith(':*')).map((n) => `${n.slice(0, -1).replace(/[\\%_]/g, '\\$&')}%`);
  const r = await db.query<{ name: string; value: number }>(
    `SELECT name, sum(value)::int8 AS value FROM stat_counters
      WHERE name = ANY($1::text[]) OR name LIKE ANY($2::text[]) GROUP BY name`,
    [names, families],
  );
  return new Map(r.rows.map((x) => [x.name, x.value]));
}

export async function readCounter(db: Queryable, name: string): Promise<number> {
  return (await readCounters(db, [name])).get(name) ?? 0;
}
