import { BILLING_MESSAGES } from '@assay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { usePurchase } from '../hooks/usePurchase.ts';
import { json, MEMBER, order, PACKAGES, renderAt, stubApi } from '../test-support.tsx';
import { PurchaseModal } from './PurchaseModal.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();
const checkout = vi.hoisted(() => ({ openCheckout: vi.fn() }));
vi.mock('../checkout/open-checkout.ts', () => checkout);

beforeEach(() => session.signIn('access-token', MEMBER));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  session.clear();
});

/** A screen without its own package grid (like the dashboard) that offers the packages in the dialog. */
function OfferPackages({ onPurchased }: { onPurchased: (tokens: number) => void }) {
  const [choosing, setChoosing] = useState(true);
  const purchase = usePurchase({
    onPurchased: (r) => {
      onPurchased(r.tokens_added);
      setChoosing(false);
    },
  });
  return (
    <PurchaseModal purchase={purchase} choosing={choosing} onClose={() => setChoosing(false)} intro={<p>You need 1,500 more tokens.</p>} />
  );
}

describe('the purchase dialog offering the packages', () => {
  beforeEach(() => {
    stubApi({
      'GET /tokens/packages': () => json(200, PACKAGES),
      'POST /tokens/purchase/create-order': () => json(200, order()),
      'POST /tokens/purchase/verify-payment': () =>
        json(200, { success: true, tokens_added: 30000, available_tokens: 32500, message: 'ok' }),
    });
  });

  it('picks a package, reviews it, pays, tells its owner and closes', async () => {
    checkout.openCheckout.mockResolvedValueOnce({
      status: 'success',
      response: { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sbx_1', razorpay_signature: 'sig' },
    });
    const onPurchased = vi.fn();
    renderAt('/reports', <OfferPackages onPurchased={onPurchased} />);
    expect(screen.getByRole('heading', { name: 'Buy Tokens' })).toBeTruthy();
    expect(screen.getByText('You need 1,500 more tokens.')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Pro package' }));
    expect(screen.getByRole('heading', { name: 'Review your purchase' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith(30000));
    expect(toast.success).toHaveBeenCalledWith('Successfully purchased 30,000 tokens!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes back to the packages on Cancel, and closes on Close', async () => {
    renderAt('/reports', <OfferPackages onPurchased={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Starter package' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Buy Tokens' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Buy Now: Pro package' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(checkout.openCheckout).not.toHaveBeenCalled();
  });
});

describe('the billing country step before the first purchase', () => {
  const NONE = { country: null, address: null, state_code: null, gstin: null, gst_percent: null };

  it('asks for the country (and the state in India), saves it, then reviews with the GST that applies', async () => {
    const calls = stubApi({
      'GET /tokens/packages': () => json(200, PACKAGES),
      'GET /billing/details': () => json(200, NONE),
      'PUT /billing/details': (c) => json(200, { ...(c.body as object), gst_percent: 18 }),
      'POST /tokens/purchase/create-order': () => json(200, order()),
    });
    renderAt('/reports', <OfferPackages onPurchased={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Pro package' }));
    expect(await screen.findByRole('heading', { name: 'Your billing country' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to payment' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BILLING_MESSAGES.countryInvalid);
    await userEvent.selectOptions(screen.getByLabelText(/Billing country/), 'IN');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BILLING_MESSAGES.stateRequiredInIndia);
    await userEvent.selectOptions(screen.getByLabelText(/State/), '29');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Review your purchase' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ country: 'IN', state_code: '29', address: null, gstin: null });
    expect(screen.getByTestId('review-billed-to').textContent).toContain('India · Karnataka');
    expect(screen.getByText('GST (18%)')).toBeTruthy();
    // No order was opened before the country was given.
    expect(calls.some((c) => c.path === '/tokens/purchase/create-order')).toBe(false);
  });

  it('shows a zero-rated export for a buyer outside India, and Change goes back to the country', async () => {
    stubApi({
      'GET /tokens/packages': () => json(200, PACKAGES),
      'GET /billing/details': () => json(200, { ...NONE, country: 'DE', gst_percent: 0 }),
    });
    renderAt('/reports', <OfferPackages onPurchased={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Starter package' }));
    expect(await screen.findByRole('heading', { name: 'Review your purchase' })).toBeTruthy();
    expect(screen.getByText('GST (export, zero-rated)')).toBeTruthy();
    expect(screen.getByTestId('review-gst').textContent).toMatch(/\$0\.00/);
    expect(screen.getByTestId('review-billed-to').textContent).toContain('Germany');
    await userEvent.click(screen.getByRole('button', { name: 'Change billing country' }));
    expect(screen.getByRole('heading', { name: 'Your billing country' })).toBeTruthy();
    expect((screen.getByLabelText(/Billing country/) as HTMLSelectElement).value).toBe('DE');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Review your purchase' })).toBeTruthy();
  });
});

describe('an order refused for want of a country', () => {
  it('reads the details again on the 409 and shows the country step', async () => {
    let country: string | null = 'IN';
    stubApi({
      'GET /tokens/packages': () => json(200, PACKAGES),
      'GET /billing/details': () =>
        json(200, { country, address: null, state_code: country ? '29' : null, gstin: null, gst_percent: country ? 18 : null }),
      'POST /tokens/purchase/create-order': () => {
        // Cleared in another tab meanwhile.
        country = null;
        return json(409, { detail: BILLING_MESSAGES.billingCountryRequired, code: 'billing_country_required' });
      },
    });
    renderAt('/reports', <OfferPackages onPurchased={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Pro package' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByRole('heading', { name: 'Your billing country' })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(BILLING_MESSAGES.billingCountryRequired);
    expect(checkout.openCheckout).not.toHaveBeenCalled();
  });
});
