import { formatCount, formatMoney, PAYMENT_STATE_LABELS, type PaymentState } from '@assay/shared';
import type { BadgeTone } from '../../../components/ui/Badge.tsx';

/** The last 8 characters of a payment id, or N/A (docs/product.md §2, Token Purchases). */
export function paymentIdTail(id: string | null | undefined): string {
  const v = id?.trim();
  if (!v) return 'N/A';
  return v.length > 8 ? v.slice(-8) : v;
}

/** A payment state's badge: paid = success, failed = danger, pending = warning, refunds informational. */
export function transactionTone(status: PaymentState): BadgeTone {
  switch (status) {
    case 'paid':
      return 'success';
    case 'failed':
      return 'danger';
    case 'pending':
      return 'warning';
    case 'partially_refunded':
      return 'info';
    default:
      return 'neutral';
  }
}

/** Post status (docs/product.md §4): published = success; any other value = warning. */
export function postStatusTone(status: string): BadgeTone {
  return status === 'published' ? 'success' : 'warning';
}

/** Report status: completed = success, processing = info, failed = danger, anything else neutral. */
export function reportTone(status: string): BadgeTone {
  if (status === 'completed') return 'success';
  if (status === 'failed') return 'danger';
  if (status === 'processing' || status === 'queued') return 'info';
  return 'neutral';
}

/** A member's subscription status on the user card. */
export function subscriptionTone(status: string): BadgeTone {
  if (status === 'active') return 'success';
  if (status === 'expired') return 'warning';
  if (status === 'unverified') return 'danger';
  return 'neutral';
}

export const titleCase = (s: string) => s.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

// The one date and count formats of every screen (@assay/shared): a time always names its zone.
export { formatCount };
export { formatDay as formatDate, formatDayTime as formatDateTime } from '@assay/shared';

/**
 * Revenue as one figure per currency, never summed across currencies: rupees first when there
 * are any (the spec's headline), then the others by code. No revenue at all reads ₹0.00.
 */
export function revenueFigures(rows: { currency: string; amount_minor: number }[]): { currency: string; text: string }[] {
  const figures = rows
    .filter((r) => r.amount_minor !== 0)
    .map((r) => ({ currency: r.currency.toUpperCase(), text: formatMoney(r.amount_minor, r.currency) }))
    .sort((a, b) => (a.currency === 'INR' ? -1 : b.currency === 'INR' ? 1 : a.currency.localeCompare(b.currency)));
  return figures.length ? figures : [{ currency: 'INR', text: formatMoney(0, 'INR') }];
}

/**
 * What the purchase counts count, in one phrase: '4 purchases (2 paid, 1 failed, 1 pending)',
 * and of the paid, how many were refunded: '… (3 paid, of which 1 refunded and 1 partially refunded, …)'.
 */
export function purchaseBreakdown(p: {
  total: number;
  paid: number;
  failed: number;
  pending: number;
  refunded?: number;
  partially_refunded?: number;
}): string {
  const noun = p.total === 1 ? 'purchase' : 'purchases';
  const refunds = [
    p.refunded ? `${formatCount(p.refunded)} refunded` : '',
    p.partially_refunded ? `${formatCount(p.partially_refunded)} partially refunded` : '',
  ].filter(Boolean);
  const ofWhich = refunds.length ? `, of which ${refunds.join(' and ')}` : '';
  return `${formatCount(p.total)} ${noun} (${formatCount(p.paid)} paid${ofWhich}, ${formatCount(p.failed)} failed, ${formatCount(p.pending)} pending)`;
}

/** A payment's state in the one vocabulary every screen and export uses (PAYMENT_STATE_LABELS). */
export function transactionLabel(status: PaymentState): string {
  return PAYMENT_STATE_LABELS[status];
}
