import { z } from 'zod';
import { listCursor, multiLineText, pathParam } from './fields.ts';

/**
 * Refunds of token packages, as the Refund Policy grants them (docs/decisions/135-refunds.md):
 * within REFUND_WINDOW_DAYS of capture, none of the package's tokens used, less the
 * administrative fee of REFUND_FEE_PERCENT % of the amount paid (rounded down, in the member's favour).
 */
export const REFUND_WINDOW_DAYS = 7;
export const REFUND_FEE_PERCENT = 10;

/** The fee in integer minor units: 10 % of the amount paid, rounded down (decision 135). */
export const refundFeeMinor = (amountMinor: number) => Math.floor((amountMinor * REFUND_FEE_PERCENT) / 100);

export const REFUND_MESSAGES = {
  purchaseNotFound: 'Purchase not found',
  refundNotFound: 'Refund request not found',
  creditNoteNotFound: 'Credit note not found',
  notPaid: 'Only a completed purchase can be refunded',
  windowExpired: `Refunds can be requested only within ${REFUND_WINDOW_DAYS} days of purchase; this purchase is older`,
  tokensUsed: 'Some tokens of this package have already been used, so it cannot be refunded',
  alreadyRequested: 'A refund has already been requested for this purchase',
  alreadyRefunded: 'This purchase has already been refunded',
  reasonRequired: 'Please tell us why you are asking for a refund',
  reasonTooLong: 'The reason can be at most 1000 characters',
  declineReasonRequired: 'Please give the member a reason for declining',
  alreadyDeclined: 'This refund request was declined',
  alreadyDecided: 'This refund request has already been decided',
  tokensUsedSinceRequest: 'Tokens of this package were used after the request, so it can no longer be refunded; decline it with a reason',
  requested: 'Refund requested. We will email you when an operator has reviewed it.',
  requestFailed: 'Could not send the refund request',
  notWithdrawable: 'This refund request has already been decided, so it can no longer be withdrawn',
  withdrawn: "Refund request withdrawn. The package's tokens can be used again.",
  withdrawFailed: 'Could not withdraw the refund request',
  withdrawnByMember: 'The member withdrew this refund request',
} as const;

export const REFUND_STATUSES = ['requested', 'approved', 'refunded', 'refund_failed', 'declined', 'withdrawn'] as const;
export const refundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatus>;

/** Plain words for each state (member and operator screens). */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: 'Refund requested',
  approved: 'Refund approved, in progress',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
  declined: 'Refund declined',
  withdrawn: 'Refund request withdrawn',
};

const reasonText = (required: string) => multiLineText().trim().min(1, required).max(1000, REFUND_MESSAGES.reasonTooLong);

export const refundRequestBody = z.object({ reason: reasonText(REFUND_MESSAGES.reasonRequired) });
export const declineRefundBody = z.object({ reason: reasonText(REFUND_MESSAGES.declineReasonRequired) });
export type RefundRequestBody = z.infer<typeof refundRequestBody>;

export const purchaseIdParams = z.object({ id: pathParam(100) });
export const refundIdParams = z.object({ id: pathParam(100) });
export const creditNoteNumberParams = z.object({
  // A one-line text field first, so a control character gets the shared message (fields.test.ts).
  credit_note_number: pathParam(40).regex(/^CN\/[0-9]{4}-[0-9]{2}\/[0-9]{6}$/, REFUND_MESSAGES.creditNoteNotFound),
});

/** A refund request as its member sees it. Money in integer minor units of `currency`. */
export const refundView = z.object({
  id: z.string(),
  purchase_id: z.string(),
  status: refundStatus,
  reason: z.string(),
  tokens: z.number().int(),
  currency: z.string(),
  amount_minor: z.number().int(),
  fee_minor: z.number().int(),
  refund_minor: z.number().int(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  credit_note_number: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundView>;

/** The operator's row: the member, the package and the invoice beside the request. */
export const adminRefundView = refundView.extend({
  member_name: z.string().nullable(),
  member_email: z.string().nullable(),
  package_name: z.string(),
  invoice_number: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  decided_by: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundView>;

/**
 * How much of the member's reason and of a decline's reason a row of the operator's list carries
 * (each may be 1,000 characters): the rest is read with the request (GET /admin/refunds/{id}).
 */
export const REFUND_REASON_SHOWN = 280;

/**
 * The operator's list row: what a card shows and no more (docs/decisions/189-billing-history-bounded.md).
 * `reason` and `decision_reason` are at most REFUND_REASON_SHOWN characters; `reasons_cut` says
 * one was shortened. `retryable`: approved but never reached the provider, or failed there.
 */
export const adminRefundSummary = z.object({
  id: z.string(),
  purchase_id: z.string(),
  status: refundStatus,
  member_name: z.string().nullable(),
  member_email: z.string().nullable(),
  package_name: z.string(),
  tokens: z.number().int(),
  currency: z.string(),
  amount_minor: z.number().int(),
  fee_minor: z.number().int(),
  refund_minor: z.number().int(),
  requested_at: z.string(),
  reason: z.string(),
  decision_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  reasons_cut: z.boolean(),
  retryable: z.boolean(),
  invoice_number: z.string().nullable(),
  credit_note_number: z.string().nullable(),
});
export type AdminRefundSummary = z.infer<typeof adminRefundSummary>;

/** One page of the operator's refund list (newest first), then X-Next-Cursor for the next. */
export const adminRefundsQuery = z.object({
  status: refundStatus.optional(),
  cursor: listCursor,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const adminRefundList = z.object({
  items: z.array(adminRefundSummary),
  /** Requests waiting for a decision, whatever the filter. */
  pending_count: z.number().int(),
});
export type AdminRefundList = z.infer<typeof adminRefundList>;

/**
 * What a member's purchase shows of refunds (merge into the purchases list's item schema):
 * the latest request's state, its credit note, and whether a refund may be asked for now.
 * Served by billing's `purchaseRefundStates` on the server.
 */
export const purchaseRefundState = z.object({
  refund_status: refundStatus.nullable(),
  refund_request_id: z.string().nullable(),
  credit_note_number: z.string().nullable(),
  refundable: z.boolean(),
  /** Why a refund cannot be asked for now (null when it can). */
  refund_refusal: z.string().nullable(),
});
export type PurchaseRefundState = z.infer<typeof purchaseRefundState>;

/**
 * A payment's state in one vocabulary for every screen and export (issue 26; decision 167):
 * Paid, Refunded (the whole amount went back), Partially refunded (a refund less the fee went
 * back), Failed (declined, abandoned or failed verification) and Pending (awaiting payment).
 * A refund counts from its approval, when its credit note reverses the sale.
 */
export const PAYMENT_STATES = ['paid', 'refunded', 'partially_refunded', 'failed', 'pending'] as const;
export const paymentState = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof paymentState>;

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  failed: 'Failed',
  pending: 'Pending',
};

/** The state of a payment from its stored status and what its credit note gave back. */
export function paymentStateOf(p: { status: string; amount_minor: number; refunded_minor: number }): PaymentState {
  if (p.status === 'created' || p.status === 'pending') return 'pending';
  if (p.status === 'failed' || p.status === 'cancelled') return 'failed';
  if (p.refunded_minor <= 0) return 'paid';
  return p.refunded_minor >= p.amount_minor ? 'refunded' : 'partially_refunded';
}

/** A status word an operator typed into a search box (“refunded”, “Partially refunded”), or undefined. */
export function paymentStateNamed(text: string): PaymentState | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  return PAYMENT_STATES.find((s) => s.replace('_', ' ') === t || PAYMENT_STATE_LABELS[s].toLowerCase() === t);
}
