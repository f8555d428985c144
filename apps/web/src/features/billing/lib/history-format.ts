import { formatTokens, PAYMENT_STATE_LABELS, type PaymentState, type TokenLot } from '@assay/shared';
import type { BadgeTone } from '../../../components/ui/Badge.tsx';

// The one date and token formats of every screen (@assay/shared).
export { formatDay, formatDayTime, formatTokens } from '@assay/shared';

/** A signed token amount: '+10,000' or '−2,500' (a real minus sign). */
export const signedTokens = (n: number) => `${n > 0 ? '+' : '−'}${formatTokens(Math.abs(n))}`;

const PURCHASE_TONES: Record<PaymentState, BadgeTone> = {
  paid: 'success',
  pending: 'warning',
  failed: 'danger',
  refunded: 'neutral',
  partially_refunded: 'info',
};

/** A purchase's state as a badge, in the words the operator's screens use too (PAYMENT_STATE_LABELS). */
export function purchaseStatus(status: PaymentState): { label: string; tone: BadgeTone } {
  return { label: PAYMENT_STATE_LABELS[status], tone: PURCHASE_TONES[status] };
}

export const LOT_SOURCE_LABEL: Record<TokenLot['source'], string> = {
  purchase: 'Purchase',
  signup_bonus: 'Sign-up bonus',
  operator_grant: 'Operator grant',
};

/** Credits in green, debits plain. */
export const entryTone = (amount: number) => (amount > 0 ? 'text-emerald-700' : 'text-slate-900');
