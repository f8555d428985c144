import { createHmac, randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type {
  CreateOrderInput,
  CreateRefundInput,
  PaymentProvider,
  ProviderOrder,
  ProviderPayment,
  ProviderRefund,
} from './payment-provider.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature, webhookSignature } from './signatures.ts';

/**
 * The embedded default when no Razorpay keys are configured: it plays Razorpay's part on this
 * server. Orders and payments live in the database (every server process sees them), and its
 * key and webhook secrets derive from the server secret, so a payment approved through one
 * process verifies in another. It signs exactly as Razorpay does; the payments module
 * verifies and credits through its production path.
 */
export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  findOrder(orderId: string): Promise<SandboxOrder | undefined>;
  /** Pays the order (once: a second approve returns the same payment). */
  approve(orderId: string): Promise<{ payment: ProviderPayment; signature: string } | undefined>;
  /** Records a declined attempt; the order stays payable, as with Razorpay. */
  decline(orderId: string): Promise<ProviderPayment | undefined>;
  /** X-Razorpay-Signature for a webhook body the sandbox sends. */
  signWebhook(rawBody: string): string;
}

export interface SandboxOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  created_at: Date;
}

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

/** A stored sandbox refund: Razorpay's refund entity, its notes as the driver returns JSON (parsed or text). */
type SandboxRefundRow = Omit<ProviderRefund, 'notes'> & { notes: ProviderRefund['notes'] | string };
const REFUND_COLUMNS = 'id, payment_id, amount, currency, status, receipt, notes';
const toRefund = (r: SandboxRefundRow): ProviderRefund => ({
  ...r,
  notes: typeof r.notes === 'string' ? (JSON.parse(r.notes) as Record<string, string>) : r.notes,
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (prefix: string) => prefix + Array.from({ length: 14 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export function createSandboxProvider(db: Db, serverSecret: string): SandboxProvider {
  const derive = (purpose: string) => createHmac('sha256', serverSecret).update(`assay:payment-sandbox:${purpose}`).digest('base64url');
  const keySecret = derive('key-secret');
  const webhookSecret = derive('webhook-secret');

  const toPayment = (r: { id: string; order_id: string; amount: number; currency: string; status: string }): ProviderPayment => ({
    id: r.id,
    order_id: r.order_id,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
  });

  return {
    kind: 'sandbox',
    keyId: SANDBOX_KEY_ID,

    async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
      const r = await db.query<SandboxOrder>(
        `INSERT INTO payment_sandbox_orders (id, amount, currency, receipt, notes) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, amount, currency, receipt, status`,
        [randomId('order_sbx_'), input.amount, input.currency, input.receipt, JSON.stringify(input.notes)],
      );
      return r.rows[0]!;
    },

    async fetchOrderPayments(orderId: string): Promise<ProviderPayment[]> {
      const r = await db.query<ProviderPayment>(
        'SELECT id, order_id, amount, currency, status FROM payment_sandbox_payments WHERE order_id = $1 ORDER BY created_at',
        [orderId],
      );
      return r.rows.map(toPayment);
    },

    async findOrder(orderId: string) {
      const r = await db.query<SandboxOrder>(
        'SELECT id, amount, currency, receipt, status, created_at FROM payment_sandbox_orders WHERE id = $1',
        [orderId],
      );
      return r.rows[0];
    },

    async approve(orderId: string) {
      const payment = await db.transaction(async (tx) => {
        const order = (
          await tx.query<SandboxOrder>('SELECT id, amount, currency, status FROM payment_sandbox_orders WHERE id = $1 FOR UPDATE', [
            orderId,
          ])
        ).rows[0];
        if (!order) return undefined;
        const paid = await tx.query<ProviderPayment>(
          `SELECT id, order_id, amount, currency, status FROM payment_sandbox_payments
            WHERE order_id = $1 AND status = 'captured'`,
          [orderId],
        );
        if (paid.rows[0]) return paid.rows[0];
        const r = await tx.query<ProviderPayment>(
          `INSERT INTO payment_sandbox_payments (id, order_id, amount, currency, status) VALUES ($1, $2, $3, $4, 'captured')
           RETURNING id, order_id, amount, currency, status`,
          [randomId('pay_sbx_'), order.id, order.amount, order.currency],
        );
        await tx.query(`UPDATE payment_sandbox_orders SET status = 'paid' WHERE id = $1`, [orderId]);
        return r.rows[0]!;
      });
      if (!payment) return undefined;
      return { payment: toPayment(payment), signature: paymentSignature(keySecret, payment.order_id, payment.id) };
    },

    async decline(orderId: string) {
      return db.transaction(async (tx) => {
        const order = (
          await tx.query<SandboxOrder>('SELECT id, amount, currency, status FROM payment_sandbox_orders WHERE id = $1 FOR UPDATE', [
            orderId,
          ])
        ).rows[0];
        if (!order) return undefined;
        const r = await tx.query<ProviderPayment>(
          `INSERT INTO payment_sandbox_payments (id, order_id, amount, currency, status) VALUES ($1, $2, $3, $4, 'failed')
           RETURNING id, order_id, amount, currency, status`,
          [randomId('pay_sbx_'), order.id, order.amount, order.currency],
        );
        if (order.status === 'created') {
          await tx.query(`UPDATE payment_sandbox_orders SET status = 'attempted' WHERE id = $1`, [orderId]);
        }
        return toPayment(r.rows[0]!);
      });
    },

    // Refunds settle at once here (Razorpay's answer may still say pending; the webhook follows).
    // Like Razorpay: refunds of a payment never exceed what it captured, and a receipt names one refund.
    async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
      return db.transaction(async (tx) => {
        const payment = (
          await tx.query<{ amount: number; currency: string }>(
            `SELECT amount, currency FROM payment_sandbox_payments WHERE id = $1 AND status = 'captured' FOR UPDATE`,
            [input.paymentId],
          )
        ).rows[0];
        if (!payment) throw new PaymentProviderError(`The payment ${input.paymentId} does not exist or was not captured`, 400);
        const same = (
          await tx.query<SandboxRefundRow>(`SELECT ${REFUND_COLUMNS} FROM payment_sandbox_refunds WHERE payment_id = $1 AND receipt = $2`, [
            input.paymentId,
            input.receipt,
          ])
        ).rows[0];
        if (same) return toRefund(same);
        const refunded = (
          await tx.query<{ n: number }>(
            `SELECT coalesce(sum(amount), 0)::int8 AS n FROM payment_sandbox_refunds WHERE payment_id = $1 AND status <> 'failed'`,
            [input.paymentId],
          )
        ).rows[0]!.n;
        if (Number(refunded) + input.amount > payment.amount) {
          throw new PaymentProviderError('The total refund amount is greater than the refund payment amount', 400);
        }
        const r = await tx.query<SandboxRefundRow>(
          `INSERT INTO payment_sandbox_refunds (id, payment_id, amount, currency, receipt, notes, status)
           VALUES ($1, $2, $3, $4, $5, $6, 'processed') RETURNING ${REFUND_COLUMNS}`,
          [randomId('rfnd_sbx_'), input.paymentId, input.amount, payment.currency, input.receipt, JSON.stringify(input.notes)],
        );
        return toRefund(r.rows[0]!);
      });
    },

    async fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]> {
      const r = await db.query<SandboxRefundRow>(
        `SELECT ${REFUND_COLUMNS} FROM payment_sandbox_refunds WHERE payment_id = $1 ORDER BY created_at`,
        [paymentId],
      );
      return r.rows.map(toRefund);
    },

    signWebhook: (rawBody) => webhookSignature(webhookSecret, rawBody),
    verifyPaymentSignature: (p) => verifyPaymentSignature(keySecret, p),
    verifyWebhookSignature: (rawBody, signature) => verifyWebhookSignature(webhookSecret, rawBody, signature),
  };
}
