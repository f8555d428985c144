import type { AdminStats } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { readCounters } from '../../lib/stat-counters.ts';

/**
 * Dashboard figures from the running totals the database keeps as rows are written
 * (migration 050): a few counter rows per load, not a scan of every member, report and order.
 */
export async function getStats(db: Queryable): Promise<AdminStats> {
  const c = await readCounters(db, ['users', 'reports', 'payments', 'payments_paid', 'payments_failed', 'revenue:*']);
  const revenue = [...c]
    .filter(([name, amount]) => name.startsWith('revenue:') && amount !== 0)
    .map(([name, amount]) => ({ currency: name.slice('revenue:'.length), amount_minor: amount }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  const total = c.get('payments') ?? 0;
  const paid = c.get('payments_paid') ?? 0;
  const failed = c.get('payments_failed') ?? 0;
  const inrMinor = revenue.find((x) => x.currency === 'INR')?.amount_minor ?? 0;
  return {
    total_users: c.get('users') ?? 0,
    total_reports: c.get('reports') ?? 0,
    completed_transactions: paid,
    purchases: { total, paid, failed, pending: Math.max(0, total - paid - failed) },
    total_revenue_inr: inrMinor / 100,
    revenue_by_currency: revenue,
  };
}
