import type { BadgeTone } from '../../../components/ui/Badge.tsx';
import type { TokenLot } from '@assay/shared';

/** '26 Nov 2026' in the member's time zone. */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** '26 Nov 2026, 14:05'. */
export const formatDayTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A signed token amount: '+10,000' or '−2,500' (a real minus sign). */
export const signedTokens = (n: number) => `${n > 0 ? '+' : '−'}${Math.abs(n).toLocaleString('en-US')}`;

const PURCHASE_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

/** A purchase's status as a badge; a state this page does not know yet shows as it is named. */
export function purchaseStatus(status: string): { label: string; tone: BadgeTone } {
  return PURCHASE_STATUS[status] ?? { label: status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' '), tone: 'neutral' };
}

export const LOT_SOURCE_LABEL: Record<TokenLot['source'], string> = {
  purchase: 'Purchase',
  signup_bonus: 'Sign-up bonus',
  operator_grant: 'Operator grant',
};

/** Credits in green, debits plain. */
export const entryTone = (amount: number) => (amount > 0 ? 'text-emerald-700' : 'text-slate-900');
