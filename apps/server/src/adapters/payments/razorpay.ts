import { z } from 'zod';
import {
  PaymentProviderError,
  type CreateOrderInput,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type CreateRefundInput,
  type ProviderRefund,
} from './payment-provider.ts';
import { refundEntity, toProviderRefund } from './refund-entity.ts';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures.ts';

export interface RazorpayOptions {
  /** https://api.razorpay.com, or a fake on loopback in tests. */
  apiBase: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  timeoutMs: number;
}

const orderSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable().optional(),
  status: z.string(),
});

const paymentSchema = z.object({
  id: z.string().min(1),
  order_id: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});

const collectionSchema = z.object({ items: z.array(paymentSchema) });

const refundCollectionSchema = z.object({ items: z.array(refundEntity) });

/** Razorpay's REST API over fetch: basic auth with the key id and secret, bounded by a timeout. */
export function createRazorpayProvider(o: RazorpayOptions): PaymentProvider {
  const base = o.apiBase.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${o.keyId}:${o.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch (err) {
      const reason = err instanceof Error && err.name === 'TimeoutError' ? `timed out after ${o.timeoutMs} ms` : String(err);
      throw new PaymentProviderError(`Razorpay ${method} ${path}: ${reason}`);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      // Razorpay errors: { error: { code, description } }. Never echo our credentials.
      let description = text.slice(0, 300);
      try {
        description = (JSON.parse(text) as { error?: { description?: string } }).error?.description ?? description;
      } catch {
        /* not JSON */
      }
      throw new PaymentProviderError(`Razorpay ${method} ${path}: HTTP ${res.status} ${description}`, res.status);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`Razorpay ${method} ${path}: the answer is not JSON`, res.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError(`Razorpay ${method} ${path}: unexpected answer`, res.status);
    return parsed.data;
  }

  return {
    kind: 'razorpay',
    keyId: o.keyId,
    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      const order = await call('POST', '/v1/orders', orderSchema, input);
      if (order.amount !== input.amount || order.currency !== input.currency) {
        throw new PaymentProviderError(
          `Razorpay created order ${order.id} for ${order.amount} ${order.currency}, not ${input.amount} ${input.currency}`,
        );
      }
      return {
        id: order.id,
        amount: order.amount,
        currency: order.currency,
        receipt: order.receipt ?? input.receipt,
        status: order.status,
      };
    },
    async fetchOrderPayments(orderId: string): Promise<ProviderPayment[]> {
      const list = await call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`, collectionSchema);
      return list.items.map((p) => ({
        id: p.id,
        order_id: p.order_id ?? orderId,
        amount: p.amount,
        currency: p.currency,
        status: p.status,
      }));
    },
    async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
      const refund = toProviderRefund(
        await call('POST', `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`, refundEntity, {
          amount: input.amount,
          speed: 'normal',
          receipt: input.receipt,
          notes: input.notes,
        }),
      );
      if (refund.amount !== input.amount || refund.payment_id !== input.paymentId) {
        throw new PaymentProviderError(
          `Razorpay refund ${refund.id} is for ${refund.amount} of ${refund.payment_id}, not ${input.amount} of ${input.paymentId}`,
        );
      }
      return refund;
    },
    async fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]> {
      const list = await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}/refunds`, refundCollectionSchema);
      return list.items.map(toProviderRefund);
    },
    verifyPaymentSignature: (p) => verifyPaymentSignature(o.keySecret, p),
    verifyWebhookSignature: (rawBody, signature) => verifyWebhookSignature(o.webhookSecret, rawBody, signature),
  };
}
