import { PRODUCT_NAME, type CreateOrderResponse, type VerifyPaymentRequest } from '@assay/shared';
import type { CheckoutOptions, CheckoutResult } from './types.ts';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The part of Razorpay Checkout's API we use (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler: (response: VerifyPaymentRequest) => void;
  modal?: { ondismiss?: () => void; escape?: boolean; confirm_close?: boolean };
}

interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/** Loads checkout.js once (our CSP allows it); a failed load may be retried on the next purchase. */
export function loadRazorpay(doc: Document = document): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay Checkout did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay Checkout did not load'));
    };
    doc.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** Razorpay Checkout (production: a key id and no sandbox checkout URL). */
export async function openRazorpayCheckout(
  order: CreateOrderResponse,
  { signal, description }: CheckoutOptions = {},
): Promise<CheckoutResult> {
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadRazorpay();
  } catch (err) {
    console.error(err);
    return { status: 'unavailable', reason: 'script_failed' };
  }
  if (signal?.aborted) return { status: 'dismissed' };

  return new Promise<CheckoutResult>((resolve) => {
    let settled = false;
    const finish = (result: CheckoutResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const rzp = new Razorpay({
      key: order.key_id,
      amount: order.amount,
      currency: order.currency,
      order_id: order.order_id,
      name: PRODUCT_NAME,
      description: description ?? `${order.package.name} token package`,
      prefill: order.prefill,
      theme: { color: '#4338ca' },
      handler: (response) => finish({ status: 'success', response }),
      modal: { ondismiss: () => finish({ status: 'dismissed' }) },
    });
    rzp.on('payment.failed', (response) => {
      finish({ status: 'failed', description: response.error?.description });
      try {
        rzp.close();
      } catch {
        /* already closed */
      }
    });
    function onAbort() {
      finish({ status: 'dismissed' });
      try {
        rzp.close();
      } catch {
        /* already closed */
      }
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    rzp.open();
  });
}
