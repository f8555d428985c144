import type { CreateOrderResponse } from '@assay/shared';
import { openRazorpayCheckout } from './razorpay-checkout.ts';
import { openSandboxCheckout } from './sandbox-checkout.ts';
import type { CheckoutOptions, CheckoutResult } from './types.ts';

export type { CheckoutResult } from './types.ts';

/**
 * Opens the payment provider's checkout for an order and settles when it ends. The order
 * response picks the implementation: a `checkout_url` means the local sandbox (a pop-up of
 * our own server), otherwise Razorpay Checkout with the order's `key_id`.
 */
export function openCheckout(order: CreateOrderResponse, options?: CheckoutOptions): Promise<CheckoutResult> {
  if (order.checkout_url) return openSandboxCheckout(order, options);
  return openRazorpayCheckout(order, options);
}
