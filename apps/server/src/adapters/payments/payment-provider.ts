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

export interface PaymentProvider {
  readonly kind: 'razorpay' | 'sandbox';
  /** The public key id the browser checkout needs. */
  readonly keyId: string;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
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
