/**
 * The payment provider seen by the payments module: Razorpay's Orders API, or the local
 * sandbox that plays Razorpay's part. Both sign payments and webhooks the same way, so the
 * code that verifies them is the production code either way.
 */
export interface CreateOrderInput {
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** Our reference, at most 40 characters. */
  receipt: string;
  notes: Record<string, string>;
}

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}

export interface ProviderPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  /** Razorpay's payment states: created, authorized, captured, refunded, failed. */
  status: string;
}

/** A refund of (part of) a captured payment, as Razorpay's refunds API takes it. */
export interface CreateRefundInput {
  /** The provider's payment id (pay_…). */
  paymentId: string;
  /** Minor units of the payment's currency. */
  amount: number;
  /** Our deterministic reference for this attempt, at most 40 characters: finds the refund again after a lost answer. */
  receipt: string;
  notes: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  /** Razorpay's refund states: pending, processed, failed. */
  status: string;
  receipt: string | null;
  notes: Record<string, string>;
}

export interface PaymentProvider {
  readonly kind: 'razorpay' | 'sandbox';
  /** The public key id the browser checkout needs. */
  readonly keyId: string;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /** POST /v1/payments/{id}/refund. */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  /** GET /v1/payments/{id}/refunds: the payment's refunds, to find one whose answer was lost. */
  fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** Checkout's handler signature: HMAC-SHA256(`order_id|payment_id`, key secret). */
  verifyPaymentSignature(p: { orderId: string; paymentId: string; signature: string }): boolean;
  /** X-Razorpay-Signature: HMAC-SHA256(raw body, webhook secret). */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
}

/** The provider could not be reached or refused the request; nothing was charged. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
