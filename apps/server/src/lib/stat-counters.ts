import type { Queryable } from '../db/client.ts';

/**
 * Running totals kept by triggers as rows are written (stat_counters, migration 050):
 * 'users', 'reports', 'payments', 'payments_paid', 'contact_submissions' and
 * 'revenue:<currency>'. Reading one is a few rows, however large the tables grow.
 */
export async function readCounters(db: Queryable, names: string[]): Promise<Map<string, number>> {
  const r = await db.query<{ name: string; value: number }>(
    `SELECT name, sum(value)::int8 AS value FROM stat_counters
      WHERE name = ANY($1::text[]) OR ($2 AND name LIKE 'revenue:%') GROUP BY name`,
    [names, names.includes('revenue:*')],
  );
  return new Map(r.rows.map((x) => [x.name, x.value]));
}

export async function readCounter(db: Queryable, name: string): Promise<number> {
  return (await readCounters(db, [name])).get(name) ?? 0;
}
