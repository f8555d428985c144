import { REFUND_REASON_SHOWN, type AdminRefund, type AdminRefundSummary, type RefundStatus, type RefundView } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { cursorAt } from '../../lib/paging.ts';

/** A refund request as stored, with what the screens show beside it. */
export interface RefundRow {
  id: string;
  payment_id: string;
  user_id: string | null;
  reason: string;
  status: RefundStatus;
  origin: 'member' | 'orphan_capture';
  tokens: number;
  currency: string;
  amount_minor: number;
  fee_minor: number;
  refund_minor: number;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decision_reason: string | null;
  provider_refund_id: string | null;
  refund_attempt: number;
  provider_status: string | null;
  provider_detail: string | null;
  provider_call_started_at: Date | null;
  /** The provider's payment id (pay_…). */
  provider_payment_id: string;
  package_name: string;
  member_name: string | null;
  member_email: string | null;
  invoice_number: string | null;
  credit_note_number: string | null;
}

const REFUND_COLUMNS = `r.id, r.payment_id, r.user_id, r.reason, r.status, r.origin, r.tokens, r.currency, r.amount_minor, r.fee_minor, r.refund_minor,
         r.requested_at, r.decided_at, r.decided_by, r.decision_reason, r.provider_refund_id, r.refund_attempt,
         r.provider_status, r.provider_detail, r.provider_call_started_at,
         p.razorpay_payment_id AS provider_payment_id, p.package_name,
         u.name AS member_name, u.email AS member_email, i.invoice_number, cn.credit_note_number`;
const REFUND_JOINS = `
    JOIN payments p ON p.id = r.payment_id
    LEFT JOIN users u ON u.id = r.user_id
    LEFT JOIN invoices i ON i.payment_id = r.payment_id
    LEFT JOIN credit_notes cn ON cn.refund_request_id = r.id`;

export const REFUND_SELECT = `SELECT ${REFUND_COLUMNS} FROM refund_requests r ${REFUND_JOINS}`;

/** A list row: the columns the operator's card shows, each reason cut in the database (decision 189). */
export interface RefundSummaryRow {
  id: string;
  payment_id: string;
  status: RefundStatus;
  member_name: string | null;
  member_email: string | null;
  package_name: string;
  tokens: number;
  currency: string;
  amount_minor: number;
  fee_minor: number;
  refund_minor: number;
  requested_at: Date;
  reason: string;
  decision_reason: string | null;
  decided_by: string | null;
  reasons_cut: boolean;
  retryable: boolean;
  invoice_number: string | null;
  credit_note_number: string | null;
}

/**
 * The list's rows for a page of requests already chosen (a CTE `page` of ids), with each one's
 * keyset position: only the page's rows are joined to their payment, member and documents, and
 * only what a card shows is read — each reason at most REFUND_REASON_SHOWN characters (`left`
 * counts characters, so no character is cut in half), whether the request may be retried
 * instead of the provider's ids (docs/decisions/189-billing-history-bounded.md).
 */
export const REFUND_SUMMARY_PAGE_SELECT = `SELECT ${cursorAt('r.requested_at')} AS cursor_at,
         r.id, r.payment_id, r.status, u.name AS member_name, u.email AS member_email, p.package_name, r.tokens, r.currency,
         r.amount_minor, r.fee_minor, r.refund_minor, r.requested_at,
         left(r.reason, ${REFUND_REASON_SHOWN}) AS reason, left(r.decision_reason, ${REFUND_REASON_SHOWN}) AS decision_reason, r.decided_by,
         (char_length(r.reason) > ${REFUND_REASON_SHOWN} OR coalesce(char_length(r.decision_reason), 0) > ${REFUND_REASON_SHOWN}) AS reasons_cut,
         -- Approved but the provider was never reached (its call failed), or failed there: the operator may ask again.
         (r.status = 'refund_failed' OR (r.status = 'approved' AND r.provider_refund_id IS NULL)) AS retryable,
         i.invoice_number, cn.credit_note_number
    FROM page JOIN refund_requests r ON r.id = page.id ${REFUND_JOINS}`;

export async function findRefund(q: Queryable, id: string): Promise<RefundRow | undefined> {
  return (await q.query<RefundRow>(`${REFUND_SELECT} WHERE r.id = $1`, [id])).rows[0];
}

/** Locks a request's row for a state change (the caller's transaction). */
export async function lockRefund(tx: Queryable, id: string): Promise<RefundRow | undefined> {
  await tx.query('SELECT id FROM refund_requests WHERE id = $1 FOR UPDATE', [id]);
  return findRefund(tx, id);
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const toRefundView = (r: RefundRow): RefundView => ({
  id: r.id,
  purchase_id: r.payment_id,
  status: r.status,
  reason: r.reason,
  tokens: r.tokens,
  currency: r.currency,
  amount_minor: r.amount_minor,
  fee_minor: r.fee_minor,
  refund_minor: r.refund_minor,
  requested_at: iso(r.requested_at)!,
  decided_at: iso(r.decided_at),
  decision_reason: r.decision_reason,
  credit_note_number: r.credit_note_number,
});

export const toAdminRefund = (r: RefundRow): AdminRefund => ({
  ...toRefundView(r),
  member_name: r.member_name,
  member_email: r.member_email,
  package_name: r.package_name,
  invoice_number: r.invoice_number,
  provider_refund_id: r.provider_refund_id,
  decided_by: r.decided_by,
});

export const toAdminRefundSummary = (r: RefundSummaryRow): AdminRefundSummary => ({
  id: r.id,
  purchase_id: r.payment_id,
  status: r.status,
  member_name: r.member_name,
  member_email: r.member_email,
  package_name: r.package_name,
  tokens: r.tokens,
  currency: r.currency,
  amount_minor: r.amount_minor,
  fee_minor: r.fee_minor,
  refund_minor: r.refund_minor,
  requested_at: iso(r.requested_at)!,
  reason: r.reason,
  decision_reason: r.decision_reason,
  decided_by: r.decided_by,
  reasons_cut: r.reasons_cut,
  retryable: r.retryable,
  invoice_number: r.invoice_number,
  credit_note_number: r.credit_note_number,
});

/**
 * Our reference for one attempt at the provider: deterministic (the request and the attempt),
 * so an attempt whose answer was lost is found again by it instead of refunding twice.
 */
export const refundReceipt = (id: string, attempt: number) => `rf_${id.replaceAll('-', '')}_${attempt}`;
