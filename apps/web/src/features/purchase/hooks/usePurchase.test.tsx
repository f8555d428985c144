import { MSG, TOKEN_VALIDITY_TEXT } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import type { CheckoutResult } from '../checkout/types.ts';
import BuyTokensPage from '../pages/BuyTokensPage.tsx';
import { json, MEMBER, order, PACKAGES, renderAt, stubApi, type Handler } from '../test-support.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();
const checkout = vi.hoisted(() => ({ openCheckout: vi.fn() }));
vi.mock('../checkout/open-checkout.ts', () => checkout);

const BALANCE = {
  available_tokens: 2500,
  paid_tokens: 0,
  bonus_tokens: 2500,
  held_tokens: 0,
  refund_pending_tokens: 0,
  next_expiry: '2027-01-31T00:00:00Z',
};
const SIGNED = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sbx_1', razorpay_signature: 'sig' };

function api(over: Record<string, Handler> = {}) {
  let balance = BALANCE;
  return stubApi({
    'GET /tokens/packages': () => json(200, PACKAGES),
    'GET /tokens/balance': () => json(200, balance),
    'POST /tokens/purchase/create-order': () => json(200, order()),
    'POST /tokens/purchase/abandon-order': () => json(200, { status: 'failed' }),
    'POST /tokens/purchase/verify-payment': () => {
      balance = { ...BALANCE, available_tokens: 32500, paid_tokens: 30000 };
      return json(200, { success: true, tokens_added: 30000, available_tokens: 32500, message: 'ok' });
    },
    ...over,
  });
}

/** The checkout settles when the test says so. */
function pendingCheckout() {
  let settle!: (r: CheckoutResult) => void;
  checkout.openCheckout.mockImplementationOnce(() => new Promise<CheckoutResult>((r) => (settle = r)));
  return (r: CheckoutResult) => settle(r);
}

async function openReview() {
  renderAt('/login-pricing', <BuyTokensPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Pro package' }));
  return screen.getByTestId('purchase-review');
}

const step = () => screen.getByTestId('purchase-review').getAttribute('data-step');

beforeEach(() => {
  session.signIn('access-token', MEMBER);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  session.clear();
});

describe('buying tokens', () => {
  it("reviews the package: price, GST 18%, total, validity and the provider's notes", async () => {
    api();
    const review = within(await openReview());
    expect(review.getByTestId('review-price').textContent).toBe('$129.00');
    expect(review.getByTestId('review-gst').textContent).toBe('$23.22');
    expect(review.getByTestId('review-total').textContent).toBe('$152.22');
    expect(review.getByText('GST (18%)')).toBeTruthy();
    expect(review.getByText(TOKEN_VALIDITY_TEXT)).toBeTruthy();
    expect(review.getByText(/non-transferable/)).toBeTruthy();
    expect(review.getByText(/GST invoice/)).toBeTruthy();
    expect(review.getByText('Secure payment through Razorpay.')).toBeTruthy();
  });

  it('pays, verifies, toasts, closes and refreshes the balance', async () => {
    const calls = api();
    await openReview();
    expect((await screen.findByTestId('available-tokens')).textContent).toBe('2,500');
    const settle = pendingCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(checkout.openCheckout).toHaveBeenCalled());
    // Processing: a spinner, no way to close the modal.
    expect(step()).toBe('processing');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(calls.find((c) => c.path === '/tokens/purchase/create-order')?.body).toEqual({ package_id: 'pro' });

    settle({ status: 'success', response: SIGNED });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Successfully purchased 30,000 tokens!'));
    expect(calls.find((c) => c.path === '/tokens/purchase/verify-payment')?.body).toEqual(SIGNED);
    await waitFor(() => expect(screen.queryByTestId('purchase-review')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('available-tokens').textContent).toBe('32,500'));
  });

  it('returns to review when the checkout is closed, and tells the server so the purchase does not read Pending', async () => {
    const calls = api();
    await openReview();
    const settle = pendingCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(step()).toBe('processing'));
    // The checkout window has the focus now (jsdom cannot blur a disabled button, so focus moves to a stand-in).
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    settle({ status: 'dismissed' });
    await waitFor(() => expect(step()).toBe('review'));
    expect(toast.error).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/tokens/purchase/abandon-order')?.body).toEqual({ order_id: order().order_id }),
    );
    // Focus is back on the button that opened the checkout.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Proceed to payment' })));
    elsewhere.remove();
  });

  it("returns to review with 'Payment failed. Please try again.' when the payment fails", async () => {
    api();
    await openReview();
    checkout.openCheckout.mockResolvedValueOnce({ status: 'failed', description: 'declined' });
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.paymentFailed));
    expect(step()).toBe('review');
  });

  it("returns to review with 'Failed to initiate purchase' when the order cannot be created", async () => {
    api({ 'POST /tokens/purchase/create-order': () => json(502, { detail: MSG.purchaseFailed }) });
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.purchaseFailed));
    expect(step()).toBe('review');
    expect(checkout.openCheckout).not.toHaveBeenCalled();
  });

  it('says so when verification fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api({ 'POST /tokens/purchase/verify-payment': () => json(400, { detail: 'bad signature' }) });
    await openReview();
    checkout.openCheckout.mockResolvedValueOnce({ status: 'success', response: SIGNED });
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.paymentVerificationFailed));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('asks to allow pop-ups when the checkout window was blocked', async () => {
    api();
    await openReview();
    checkout.openCheckout.mockResolvedValueOnce({ status: 'unavailable', reason: 'popup_blocked' });
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByText(/allow pop-ups/)).toBeTruthy();
    expect(step()).toBe('review');
  });

  it("shows the server's breakdown once the order exists", async () => {
    api({
      'POST /tokens/purchase/create-order': () =>
        json(
          200,
          order({ currency: 'INR', amount: 1268500, price_breakdown: { price: 1075000, gst: 193500, total: 1268500, gst_percent: 18 } }),
        ),
    });
    await openReview();
    const settle = pendingCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(screen.getByTestId('review-total').textContent).toBe('₹12,685.00'));
    settle({ status: 'dismissed' });
    await waitFor(() => expect(step()).toBe('review'));
  });
});
