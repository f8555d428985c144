import { SANDBOX_CHECKOUT_MESSAGE } from '@assay/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { MEMBER, order } from '../test-support.tsx';
import { CLOSE_GRACE_MS, openSandboxCheckout, POPUP_POLL_MS } from './sandbox-checkout.ts';

const SIGNED = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sbx_1', razorpay_signature: 'sig' };

/** A stand-in pop-up: the test closes it and posts from it. */
function fakePopup() {
  const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)), focus: vi.fn(), postMessage: vi.fn() };
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  const post = (data: unknown, origin = window.location.origin, source: unknown = popup) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  return { popup, open, post };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the sandbox checkout pop-up', () => {
  it('opens the order’s checkout page and hands back the signed payment', async () => {
    const { open, post } = fakePopup();
    const result = openSandboxCheckout(order());
    expect(String(open.mock.calls[0]![0])).toBe(`${window.location.origin}/api/payments/sandbox/checkout?order_id=order_sbx_1`);
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'success', response: SIGNED });
    await expect(result).resolves.toEqual({ status: 'success', response: SIGNED });
  });

  it('hands the member’s access token to its own pop-up when the page asks, and to no other window', async () => {
    session.signIn('member-access-token', MEMBER);
    const { popup, post } = fakePopup();
    const result = openSandboxCheckout(order());
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'ready' }, 'https://evil.example');
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'ready' }, window.location.origin, window);
    expect(popup.postMessage).not.toHaveBeenCalled();
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'ready' });
    expect(popup.postMessage).toHaveBeenCalledWith(
      { type: SANDBOX_CHECKOUT_MESSAGE, status: 'token', token: 'member-access-token' },
      window.location.origin,
    );
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'success', response: SIGNED });
    await expect(result).resolves.toEqual({ status: 'success', response: SIGNED });
    session.clear();
  });

  it('reports a declined payment', async () => {
    const { post } = fakePopup();
    const result = openSandboxCheckout(order());
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'failed', error: { code: 'BAD_REQUEST_ERROR', description: 'declined' } });
    await expect(result).resolves.toEqual({ status: 'failed', description: 'declined' });
  });

  it('ignores messages from another origin, another window or of another kind', async () => {
    const { popup, post } = fakePopup();
    const result = openSandboxCheckout(order());
    const settled = vi.fn();
    void result.then(settled);
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'success', response: SIGNED }, 'https://evil.example');
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'success', response: SIGNED }, window.location.origin, window);
    post({ type: 'something-else', status: 'success' });
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS * 3);
    expect(settled).not.toHaveBeenCalled();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS + CLOSE_GRACE_MS);
    await expect(result).resolves.toEqual({ status: 'dismissed' });
  });

  it('treats a window closed without a message as dismissed', async () => {
    const { popup } = fakePopup();
    const result = openSandboxCheckout(order());
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS + CLOSE_GRACE_MS);
    await expect(result).resolves.toEqual({ status: 'dismissed' });
  });

  it('still takes a message that lands just after the window closed', async () => {
    const { popup, post } = fakePopup();
    const result = openSandboxCheckout(order());
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);
    post({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'success', response: SIGNED });
    await expect(result).resolves.toEqual({ status: 'success', response: SIGNED });
  });

  it('says when the pop-up was blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(openSandboxCheckout(order())).resolves.toEqual({ status: 'unavailable', reason: 'popup_blocked' });
  });

  it('refuses a checkout page on another origin', async () => {
    const open = vi.spyOn(window, 'open');
    await expect(openSandboxCheckout(order({ checkout_url: 'https://evil.example/pay' }))).resolves.toMatchObject({
      status: 'unavailable',
    });
    expect(open).not.toHaveBeenCalled();
  });

  it('closes the pop-up when aborted', async () => {
    const { popup } = fakePopup();
    const ctrl = new AbortController();
    const result = openSandboxCheckout(order(), { signal: ctrl.signal });
    ctrl.abort();
    await expect(result).resolves.toEqual({ status: 'dismissed' });
    expect(popup.close).toHaveBeenCalled();
  });
});
