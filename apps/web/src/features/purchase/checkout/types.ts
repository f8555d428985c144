import type { CreateOrderResponse, VerifyPaymentRequest } from '@assay/shared';

/** How a checkout ended. */
export type CheckoutResult =
  /** Paid: the signed triple to hand to verify-payment. */
  | { status: 'success'; response: VerifyPaymentRequest }
  /** The provider declined the payment. */
  | { status: 'failed'; description?: string }
  /** The member closed the checkout without paying. */
  | { status: 'dismissed' }
  /** The checkout could not open (pop-up blocked, script not loaded). */
  | { status: 'unavailable'; reason: 'popup_blocked' | 'script_failed' };

export interface CheckoutOptions {
  /** Aborting closes the checkout and settles the result as dismissed. */
  signal?: AbortSignal;
  /** Shown by Razorpay Checkout under the merchant name. */
  description?: string;
}

export type OpenCheckout = (order: CreateOrderResponse, options?: CheckoutOptions) => Promise<CheckoutResult>;
