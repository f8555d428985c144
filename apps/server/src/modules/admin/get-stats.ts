import type { AdminStats } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { readCounters } from '../../lib/stat-counters.ts';

/**
 * Dashboard figures from the running totals the database keeps as rows are written
 * (migrations 050, 111, 166): a few counter rows per load, not a scan of every member, report
 * and order. Revenue is net of refunds: a credit note's total leaves it when the refund is
 * approved (docs/decisions/167-one-payment-vocabulary-and-net-revenue.md).
 */
export async function getStats(db: Queryable): Promise<AdminStats> {
  const c = await readCounters(db, [
    'users',
    'reports',
    'payments',
    'payments_paid',
    'payments_failed',
    'payments_refunded',
    'payments_partially_refunded',
    'revenue:*',
    'revenue_tax:*',
    'refunded:*',
    'refunded_tax:*',
  ]);
  const family = (prefix: string, currency: string) => c.get(`${prefix}:${currency}`) ?? 0;
  const currencies = new Set(
    [...c.keys()].filter((n) => n.startsWith('revenue:') || n.startsWith('refunded:')).map((n) => n.split(':')[1]!),
  );
  const revenue = [...currencies]
    .map((currency) => {
      const gross = family('revenue', currency);
      const refunded = family('refunded', currency);
      return {
        currency,
        amount_minor: gross - refunded,
        gross_minor: gross,
        refunded_minor: refunded,
        tax_minor: family('revenue_tax', currency) - family('refunded_tax', currency),
      };
    })
    .filter((r) => r.gross_minor !== 0 || r.refunded_minor !== 0)
    .sort((a, b) => a.currency.localeCompare(b.currency));
  const total = c.get('payments') ?? 0;
  const paid = c.get('payments_paid') ?? 0;
  const failed = c.get('payments_failed') ?? 0;
  const inrMinor = revenue.find((x) => x.currency === 'INR')?.amount_minor ?? 0;
  return {
    total_users: c.get('users') ?? 0,
    total_reports: c.get('reports') ?? 0,
    completed_transactions: paid,
    purchases: {
      total,
      paid,
      failed,
      pending: Math.max(0, total - paid - failed),
      refunded: c.get('payments_refunded') ?? 0,
      partially_refunded: c.get('payments_partially_refunded') ?? 0,
    },
    total_revenue_inr: inrMinor / 100,
    revenue_by_currency: revenue,
  };
}
