import { SANDBOX_CHECKOUT_MESSAGE, type CreateOrderResponse, type SandboxCheckoutMessage, type SandboxCheckoutToken } from '@assay/shared';
import { session } from '../../../lib/session.ts';
import type { CheckoutOptions, CheckoutResult } from './types.ts';

/** How often to look whether the member closed the checkout window. */
export const POPUP_POLL_MS = 400;
/** After the window closed, how long a message already on its way may still arrive. */
export const CLOSE_GRACE_MS = 300;

const WIDTH = 480;
const HEIGHT = 640;

function isCheckoutMessage(data: unknown): data is SandboxCheckoutMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SANDBOX_CHECKOUT_MESSAGE;
}

/**
 * The local sandbox checkout (no Razorpay keys): the server's checkout page opens in a pop-up,
 * asks this window for the member's access token (it lives only in this window's memory; the
 * server pays only the member's own orders), and posts the signed triple (or a failure) back,
 * from our own origin only. A window closed without a message is a dismissal.
 */
export function openSandboxCheckout(
  order: CreateOrderResponse,
  { signal }: CheckoutOptions = {},
  win: Window = window,
): Promise<CheckoutResult> {
  const url = new URL(order.checkout_url ?? '', win.location.href);
  if (url.origin !== win.location.origin) {
    return Promise.resolve({ status: 'unavailable', reason: 'popup_blocked' });
  }
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - WIDTH) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - HEIGHT) / 2));
  const popup = win.open(url.toString(), 'assay-checkout', `popup,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`);
  if (!popup) return Promise.resolve({ status: 'unavailable', reason: 'popup_blocked' });
  popup.focus?.();

  return new Promise<CheckoutResult>((resolve) => {
    let settled = false;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;

    const finish = (result: CheckoutResult) => {
      if (settled) return;
      settled = true;
      win.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };

    function onMessage(event: MessageEvent) {
      if (event.origin !== win.location.origin || event.source !== popup) return;
      if (!isCheckoutMessage(event.data)) return;
      const msg = event.data;
      if (msg.status === 'ready') {
        const token = session.accessToken();
        if (token)
          popup?.postMessage(
            { type: SANDBOX_CHECKOUT_MESSAGE, status: 'token', token } satisfies SandboxCheckoutToken,
            win.location.origin,
          );
        return;
      }
      if (msg.status === 'success') finish({ status: 'success', response: msg.response });
      else finish({ status: 'failed', description: msg.error?.description });
    }

    function onAbort() {
      try {
        popup?.close();
      } catch {
        /* already gone */
      }
      finish({ status: 'dismissed' });
    }

    const poll = setInterval(() => {
      if (!popup.closed || graceTimer !== undefined) return;
      // The page posts its message and then closes: give a message in flight a moment to land.
      graceTimer = setTimeout(() => finish({ status: 'dismissed' }), CLOSE_GRACE_MS);
    }, POPUP_POLL_MS);

    win.addEventListener('message', onMessage);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}
