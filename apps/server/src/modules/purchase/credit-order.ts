import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { flagOrphanCapture, issueInvoice } from '../billing/index.ts';
import { pendingReviewPurchase, settleReviewPurchase } from '../experts/index.ts';
import { creditPurchase } from '../tokens/index.ts';

export interface PaymentRow {
  id: string;
  user_id: string | null;
  package_id: string;
  package_name: string;
  tokens: number;
  amount: number;
  currency: string;
  status: 'created' | 'paid' | 'failed';
  razorpay_order_id: string;
  razorpay_payment_id: string | null;
  created_at: Date;
}

export const PAYMENT_COLUMNS =
  'id, user_id, package_id, package_name, tokens, amount, currency, status, razorpay_order_id, razorpay_payment_id, created_at';

export type CreditOutcome =
  | { status: 'credited'; payment: PaymentRow }
  | { status: 'already_paid'; payment: PaymentRow }
  | { status: 'amount_mismatch'; payment: PaymentRow }
  | { status: 'unknown_order' };

/**
 * Marks an order paid and credits its tokens, exactly once however many callers race (the
 * member's verify call, webhooks, the reconciler): the payment row is locked, a paid row is
 * left alone, and unique keys on the payment id, the order's lot and its ledger entry back
 * that up in the database. When the caller knows what the provider says was paid (webhook,
 * reconciler), an amount or currency that differs from the order is refused.
 * A failed (abandoned) order that turns out paid is credited: the member's money arrived.
 * Every capture issues the payment's tax invoice in the same transaction (modules/billing).
 */
export async function creditOrder(
  tx: Queryable,
  deps: Pick<Deps, 'log' | 'config' | 'queue'>,
  input: { orderId: string; paymentId: string; paid?: { amount: number; currency: string }; validityDays: number },
): Promise<CreditOutcome> {
  const { log } = deps;
  const r = await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE razorpay_order_id = $1 FOR UPDATE`, [input.orderId]);
  const payment = r.rows[0];
  if (!payment) return { status: 'unknown_order' };
  if (input.paid && (input.paid.amount !== payment.amount || input.paid.currency !== payment.currency)) {
    log.error(
      {
        orderId: input.orderId,
        paymentId: input.paymentId,
        expected: [payment.amount, payment.currency],
        got: [input.paid.amount, input.paid.currency],
      },
      'payment amount does not match its order; not credited',
    );
    return { status: 'amount_mismatch', payment };
  }
  if (payment.status === 'paid') {
    if (payment.razorpay_payment_id !== input.paymentId) {
      log.warn(
        { orderId: input.orderId, credited: payment.razorpay_payment_id, other: input.paymentId },
        'a second payment for an order that is already paid: refund it from the provider dashboard',
      );
    }
    return { status: 'already_paid', payment };
  }
  const updated = await tx.query<PaymentRow>(
    `UPDATE payments SET status = 'paid', razorpay_payment_id = $2, paid_at = now()
      WHERE id = $1 AND status <> 'paid' RETURNING ${PAYMENT_COLUMNS}`,
    [payment.id, input.paymentId],
  );
  const paid = updated.rows[0]!;
  // Bought for an expert review (decision 234): its report is locked before the account is, the
  // order a member's own request takes; the request is opened once the tokens are in.
  const review = await pendingReviewPurchase(tx, paid.id, paid.user_id);
  let reviewLine;
  if (paid.user_id) {
    const { lotId } = await creditPurchase(tx, {
      userId: paid.user_id,
      paymentId: paid.id,
      tokens: paid.tokens,
      validityDays: input.validityDays,
    });
    if (review) reviewLine = await settleReviewPurchase(tx, review, lotId);
  }
  // The tax invoice, in this transaction: a captured payment without its invoice cannot commit.
  const invoice = await issueInvoice(tx, deps, paid.id, reviewLine);
  if (!paid.user_id) {
    // Money for an account deleted before the capture: nobody to credit, so it is flagged for a
    // full refund the operator sees (docs/decisions/166-payments-captured-for-deleted-accounts.md).
    const refund = await flagOrphanCapture(tx, paid.id);
    log.warn({ orderId: input.orderId, refund }, 'paid order of a deleted account: no tokens credited, flagged for a full refund');
  }
  log.info(
    { orderId: input.orderId, paymentId: input.paymentId, tokens: paid.tokens, invoice: invoice.invoice_number },
    'order paid and credited',
  );
  return { status: 'credited', payment: paid };
}
