import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { usePurchase } from '../hooks/usePurchase.ts';
import { json, MEMBER, order, PACKAGES, renderAt, stubApi } from '../test-support.tsx';
import { PurchaseModal } from './PurchaseModal.tsx';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
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
