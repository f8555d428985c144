import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.ts';

export type FailureOutcome =
  { status: 'recorded' } | { status: 'already_failed' } | { status: 'already_paid' } | { status: 'unknown_order' };

/** Longest failure reason kept (providers' descriptions are a sentence or two). */
const MAX_REASON = 500;

/**
 * Records that a payment attempt for an order failed, so the purchase shows Failed at once
 * rather than Pending until the abandon timeout. One use-case for every path that learns of
 * a failure: the provider's `payment.failed` webhook, the sandbox's Decline, and a payment
 * whose signature does not verify. Idempotent: only an open ('created') order changes; a
 * failed one keeps its first reason and a paid one is never touched. A failed order that
 * turns out paid later is still credited (creditOrder accepts it): the money arrived.
 */
export async function recordPaymentFailure(
  tx: Queryable,
  log: FastifyBaseLogger,
  input: { orderId: string; paymentId?: string; reason: string },
): Promise<FailureOutcome> {
  const reason = input.reason.trim().slice(0, MAX_REASON) || 'Payment failed';
  // Locked like creditOrder does, so a failure and a capture racing for one order settle in turn.
  const r = await tx.query<{ status: string }>('SELECT status FROM payments WHERE razorpay_order_id = $1 FOR UPDATE', [input.orderId]);
  const row = r.rows[0];
  if (!row) return { status: 'unknown_order' };
  if (row.status === 'created') {
    await tx.query(
      `UPDATE payments SET status = 'failed', failed_at = now(), failure_reason = $2 WHERE razorpay_order_id = $1 AND status = 'created'`,
      [input.orderId, reason],
    );
    log.info({ orderId: input.orderId, paymentId: input.paymentId, reason }, 'payment failure recorded');
    return { status: 'recorded' };
  }
  return { status: row.status === 'paid' ? 'already_paid' : 'already_failed' };
}
