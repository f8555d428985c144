import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { refundEntity, toProviderRefund } from '../../adapters/payments/refund-entity.ts';
import type { Queryable } from '../../db/client.ts';
import { settleProviderRefund } from '../billing/index.ts';
import { creditOrder } from './credit-order.ts';
import type { PurchaseDeps } from './purchase-deps.ts';
import { recordPaymentFailure } from './record-payment-failure.ts';

/** Events that mean money arrived; `payment.failed` records a failure; any other event is stored and ignored. */
const CREDITING_EVENTS = new Set(['payment.captured', 'order.paid']);
const FAILURE_EVENT = 'payment.failed';
/** A refund's final state at the provider: recorded on our refund request (modules/billing). */
const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed']);
const refundPayload = z.object({ refund: z.object({ entity: refundEntity }) });
/** An event whose order we do not know yet is retried by the reconciler this many times. */
const MAX_ATTEMPTS = 5;

const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullish(),
});
const creditingPayload = z.object({
  payment: z.object({ entity: paymentEntity }),
  order: z.object({ entity: z.object({ id: z.string(), amount_paid: z.number().int().optional() }) }).optional(),
});

type Settled = { status: 'processed' | 'ignored' | 'rejected'; detail: string } | { status: 'pending'; detail: string };

/**
 * Handles one stored webhook event, once: it is locked, and only a pending event is handled.
 * Events may arrive in any order and any number of times: crediting is idempotent per order,
 * and an event for an order not recorded yet stays pending for the reconciler to retry.
 */
export async function processWebhookEvent(deps: PurchaseDeps, eventId: string): Promise<Settled | undefined> {
  const { db, log, config } = deps;
  return db.transaction(async (tx) => {
    const r = await tx.query<{ event: string; payload: unknown; attempts: number }>(
      `SELECT event, payload, attempts FROM payment_webhook_events WHERE event_id = $1 AND status = 'pending' FOR UPDATE`,
      [eventId],
    );
    const ev = r.rows[0];
    if (!ev) return undefined;
    const payload = typeof ev.payload === 'string' ? (JSON.parse(ev.payload) as unknown) : ev.payload;

    const settled = await (async (): Promise<Settled> => {
      if (ev.event === FAILURE_EVENT) return recordFailureEvent(tx, log, payload, ev.attempts);
      if (REFUND_EVENTS.has(ev.event)) return recordRefundEvent(tx, payload, ev.attempts);
      if (!CREDITING_EVENTS.has(ev.event)) return { status: 'ignored', detail: `event ${ev.event} is not acted on` };
      const parsed = creditingPayload.safeParse(payload);
      if (!parsed.success) return { status: 'rejected', detail: 'payload has no payment entity' };
      const p = parsed.data.payment.entity;
      if (p.status !== 'captured') return { status: 'ignored', detail: `payment ${p.id} is ${p.status}` };
      const order = parsed.data.order?.entity;
      if (order && (order.id !== p.order_id || (order.amount_paid !== undefined && order.amount_paid !== p.amount))) {
        return { status: 'rejected', detail: 'order and payment entities disagree' };
      }
      const outcome = await creditOrder(tx, deps, {
        orderId: p.order_id,
        paymentId: p.id,
        paid: { amount: p.amount, currency: p.currency },
        validityDays: config.TOKEN_VALIDITY_DAYS,
      });
      switch (outcome.status) {
        case 'credited':
          return { status: 'processed', detail: `credited ${outcome.payment.tokens} tokens` };
        case 'already_paid':
          return { status: 'processed', detail: 'order already credited' };
        case 'amount_mismatch':
          return { status: 'rejected', detail: `amount ${p.amount} ${p.currency} does not match the order` };
        case 'unknown_order':
          return ev.attempts + 1 >= MAX_ATTEMPTS
            ? { status: 'ignored', detail: `order ${p.order_id} is not ours` }
            : { status: 'pending', detail: `order ${p.order_id} not known yet` };
      }
    })();

    await tx.query(
      `UPDATE payment_webhook_events
          SET status = $2, detail = $3, attempts = attempts + 1,
              processed_at = CASE WHEN $2 = 'pending' THEN NULL ELSE now() END
        WHERE event_id = $1`,
      [eventId, settled.status, settled.detail],
    );
    if (settled.status === 'rejected') log.error({ eventId, detail: settled.detail }, 'webhook event rejected');
    return settled;
  });
}

/** A provider's `payment.failed`: the order shows Failed at once (recordPaymentFailure). */
async function recordFailureEvent(tx: Queryable, log: FastifyBaseLogger, body: unknown, attempts: number): Promise<Settled> {
  const parsed = creditingPayload.safeParse(body);
  if (!parsed.success) return { status: 'rejected', detail: 'payload has no payment entity' };
  const p = parsed.data.payment.entity;
  const outcome = await recordPaymentFailure(tx, log, {
    orderId: p.order_id,
    paymentId: p.id,
    reason: p.error_description ?? `Payment ${p.id} failed`,
  });
  switch (outcome.status) {
    case 'recorded':
      return { status: 'processed', detail: `payment ${p.id} failed; order marked failed` };
    case 'already_failed':
      return { status: 'processed', detail: 'order already failed' };
    case 'already_paid':
      return { status: 'ignored', detail: `order ${p.order_id} is already paid` };
    case 'unknown_order':
      return attempts + 1 >= MAX_ATTEMPTS
        ? { status: 'ignored', detail: `order ${p.order_id} is not ours` }
        : { status: 'pending', detail: `order ${p.order_id} not known yet` };
  }
}

/** refund.processed / refund.failed: the refund request takes the provider's final state (replays change nothing). */
async function recordRefundEvent(tx: Queryable, body: unknown, attempts: number): Promise<Settled> {
  const parsed = refundPayload.safeParse(body);
  if (!parsed.success) return { status: 'rejected', detail: 'payload has no refund entity' };
  const r = toProviderRefund(parsed.data.refund.entity);
  const outcome = await settleProviderRefund(tx, r);
  switch (outcome) {
    case 'recorded':
      return { status: 'processed', detail: `refund ${r.id} is ${r.status}` };
    case 'unchanged':
      return { status: 'processed', detail: `refund ${r.id} already recorded as ${r.status}` };
    case 'stale':
      return { status: 'ignored', detail: `refund ${r.id} is not the request's current attempt` };
    case 'unknown':
      return attempts + 1 >= MAX_ATTEMPTS
        ? { status: 'ignored', detail: `refund ${r.id} is not ours` }
        : { status: 'pending', detail: `refund ${r.id} not known yet` };
  }
}

/** Retries events left pending (an order not known yet, or a process that stopped mid-way). */
export async function processPendingWebhookEvents(
  deps: PurchaseDeps,
  opts: { olderThanSeconds?: number; limit?: number } = {},
): Promise<number> {
  const r = await deps.db.query<{ event_id: string }>(
    `SELECT event_id FROM payment_webhook_events
      WHERE status = 'pending' AND received_at < now() - make_interval(secs => $1)
      ORDER BY received_at LIMIT $2`,
    [opts.olderThanSeconds ?? 60, opts.limit ?? 100],
  );
  let handled = 0;
  for (const { event_id } of r.rows) {
    try {
      if ((await processWebhookEvent(deps, event_id))?.status !== 'pending') handled++;
    } catch (err) {
      deps.log.error({ err, eventId: event_id }, 'webhook event processing failed');
    }
  }
  return handled;
}
