import type { Deps } from '../../deps.ts';
import { defineSweep } from '../../jobs/job-definition.ts';
import { creditOrder } from './credit-order.ts';
import type { PurchaseDeps } from './purchase-deps.ts';
import { processPendingWebhookEvents } from './process-webhook-event.ts';
import { recordPaymentFailure } from './record-payment-failure.ts';

export interface ReconcileResult {
  checked: number;
  credited: number;
  failed: number;
  errors: number;
  webhookEvents: number;
}

/**
 * Catches what webhooks and the member's browser missed. For orders still 'created' after
 * `olderThanMinutes`, asks the provider for the order's payments: a captured payment of the
 * right amount is credited (idempotently, like every other path); an order with no payment
 * at all after `abandonAfterMinutes` is marked failed. Also retries pending webhook events.
 * Safe to run on several servers at once. Meant to be scheduled every few minutes.
 */
export async function reconcileStaleOrders(
  deps: PurchaseDeps,
  opts: { olderThanMinutes?: number; abandonAfterMinutes?: number; limit?: number } = {},
): Promise<ReconcileResult> {
  const { db, log, config } = deps;
  const provider = deps.payments;
  const olderThan = opts.olderThanMinutes ?? 15;
  const abandonAfter = Math.max(opts.abandonAfterMinutes ?? config.PAYMENT_ORDER_ABANDON_MINUTES, olderThan);
  const result: ReconcileResult = { checked: 0, credited: 0, failed: 0, errors: 0, webhookEvents: 0 };

  result.webhookEvents = await processPendingWebhookEvents(deps);

  const stale = await db.query<{ razorpay_order_id: string; abandoned: boolean }>(
    `SELECT razorpay_order_id, created_at < now() - make_interval(mins => $2) AS abandoned
       FROM payments
      WHERE status = 'created' AND provider = $4 AND created_at < now() - make_interval(mins => $1)
      ORDER BY created_at LIMIT $3`,
    [olderThan, abandonAfter, opts.limit ?? 100, provider.kind],
  );
  for (const order of stale.rows) {
    result.checked++;
    let payments;
    try {
      payments = await provider.fetchOrderPayments(order.razorpay_order_id);
    } catch (err) {
      result.errors++;
      log.warn({ err: err instanceof Error ? err.message : err, orderId: order.razorpay_order_id }, 'reconcile: provider unavailable');
      continue;
    }
    const captured = payments.find((p) => p.status === 'captured');
    if (captured) {
      const outcome = await db.transaction((tx) =>
        creditOrder(tx, deps, {
          orderId: order.razorpay_order_id,
          paymentId: captured.id,
          paid: { amount: captured.amount, currency: captured.currency },
          validityDays: config.TOKEN_VALIDITY_DAYS,
        }),
      );
      if (outcome.status === 'credited') result.credited++;
      else if (outcome.status === 'amount_mismatch') result.errors++;
      continue;
    }
    // Money still on its way (authorized, not yet captured) is not an abandoned order.
    const inFlight = payments.some((p) => p.status === 'authorized' || p.status === 'created');
    if (order.abandoned && !inFlight) {
      const outcome = await db.transaction((tx) =>
        recordPaymentFailure(tx, log, { orderId: order.razorpay_order_id, reason: `No captured payment within ${abandonAfter} minutes` }),
      );
      if (outcome.status === 'recorded') result.failed++;
    }
  }
  if (result.credited || result.failed || result.errors) log.info(result, 'reconciled stale payment orders');
  return result;
}

/** A lost webhook and a closed browser still end in tokens credited or the order failed. */
export const reconcileStaleOrdersSweep = defineSweep({
  name: 'payments.reconcile',
  everyMs: () => 5 * 60_000,
  async run(deps: Deps) {
    await reconcileStaleOrders(deps, { olderThanMinutes: 15 });
  },
});
