import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import { badRequest } from '../../lib/errors.ts';
import type { PurchaseDeps } from './purchase-deps.ts';

const eventSchema = z.object({
  event: z.string().min(1).max(100),
  payload: z.record(z.string(), z.unknown()),
});

export type ReceivedWebhook = { status: 'accepted'; eventId: string } | { status: 'duplicate'; eventId: string };

/**
 * Accepts a provider webhook: the signature must match the exact bytes received, then the
 * event is stored once per X-Razorpay-Event-Id (a redelivery is a duplicate). Crediting
 * happens after the answer (processWebhookEvent), so the provider gets its 200 fast.
 */
export async function receiveWebhook(
  deps: PurchaseDeps,
  provider: PaymentProvider,
  rawBody: Buffer,
  headers: { signature?: string; eventId?: string },
): Promise<ReceivedWebhook> {
  if (!headers.signature || !provider.verifyWebhookSignature(rawBody, headers.signature)) {
    deps.log.warn({ eventId: headers.eventId }, 'webhook signature rejected');
    throw badRequest('Invalid webhook signature', 'webhook_signature_invalid');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON', 'invalid_json');
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw badRequest('Not a webhook event', 'webhook_invalid');

  // Razorpay always sends an event id; without one, the body itself identifies the delivery.
  const eventId = headers.eventId?.trim().slice(0, 200) || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  const r = await deps.db.query(
    `INSERT INTO payment_webhook_events (event_id, event, payload) VALUES ($1, $2, $3)
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [eventId, parsed.data.event, JSON.stringify(parsed.data.payload)],
  );
  return { status: r.rows.length ? 'accepted' : 'duplicate', eventId };
}
