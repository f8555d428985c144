import type { AdminStats } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';

/** Dashboard figures, counted and summed by the database (no rows loaded). */
export async function getStats(db: Queryable): Promise<AdminStats> {
  const r = await db.query<{ total_users: number; total_reports: number; completed_transactions: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS total_users,
            (SELECT count(*)::int FROM reports) AS total_reports,
            (SELECT count(*)::int FROM payments WHERE status = 'paid') AS completed_transactions`,
  );
  const revenue = await db.query<{ currency: string; amount_minor: number }>(
    `SELECT currency, sum(amount)::int8 AS amount_minor FROM payments WHERE status = 'paid' GROUP BY currency ORDER BY currency`,
  );
  const inrMinor = revenue.rows.find((x) => x.currency === 'INR')?.amount_minor ?? 0;
  return {
    ...r.rows[0]!,
    total_revenue_inr: inrMinor / 100,
    revenue_by_currency: revenue.rows,
  };
}
