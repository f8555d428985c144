import type { BadgeTone } from '../../../components/ui/Badge.tsx';

/** The last 8 characters of a payment id, or N/A (docs/product.md §2, Token Purchases). */
export function paymentIdTail(id: string | null | undefined): string {
  const v = id?.trim();
  if (!v) return 'N/A';
  return v.length > 8 ? v.slice(-8) : v;
}

/**
 * An amount in minor units (cents, paise) shown in its own currency: amount / 100, two decimals.
 * Currencies are never converted.
 */
export function formatMinor(amountMinor: number, currency: string): string {
  const major = amountMinor / 100;
  const code = currency.trim().toUpperCase();
  try {
    return new Intl.NumberFormat(code === 'INR' ? 'en-IN' : 'en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(major);
  } catch {
    return `${major.toFixed(2)} ${code}`;
  }
}

/** Rupees (already major units) with two decimals: '₹1,23,456.50'. */
export function formatRupees(amount: number): string {
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Transaction status styles (docs/product.md §3): active = success, cancelled = danger, others neutral or warning. */
export function transactionTone(status: string): BadgeTone {
  switch (status) {
    case 'active':
      return 'success';
    case 'cancelled':
      return 'danger';
    case 'pending':
      return 'warning';
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

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * Revenue as one figure per currency, never summed across currencies: rupees first when there
 * are any (the spec's headline), then the others by code. No revenue at all reads ₹0.00.
 */
export function revenueFigures(rows: { currency: string; amount_minor: number }[]): { currency: string; text: string }[] {
  const figures = rows
    .filter((r) => r.amount_minor !== 0)
    .map((r) => ({ currency: r.currency.toUpperCase(), text: formatMinor(r.amount_minor, r.currency) }))
    .sort((a, b) => (a.currency === 'INR' ? -1 : b.currency === 'INR' ? 1 : a.currency.localeCompare(b.currency)));
  return figures.length ? figures : [{ currency: 'INR', text: formatMinor(0, 'INR') }];
}

/** What the purchase counts count, in one phrase: '4 purchases (2 paid, 1 failed, 1 pending)'. */
export function purchaseBreakdown(p: { total: number; paid: number; failed: number; pending: number }): string {
  const noun = p.total === 1 ? 'purchase' : 'purchases';
  return `${formatCount(p.total)} ${noun} (${formatCount(p.paid)} paid, ${formatCount(p.failed)} failed, ${formatCount(p.pending)} pending)`;
}

/** A purchase's status as operators read it: the API's 'cancelled' is a failed payment. */
export function transactionLabel(status: string): string {
  return status === 'cancelled' ? 'Failed' : titleCase(status);
}
