import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, MEMBER, order, PACKAGES, renderAt, stubApi } from '../test/fixtures.tsx';
import { BuyTokensModal } from './BuyTokensModal.tsx';

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

describe('the buy-tokens dialog (for other screens)', () => {
  it('picks a package, reviews it, pays and tells its owner', async () => {
    stubApi({
      'GET /api/tokens/packages': () => json(200, PACKAGES),
      'POST /api/tokens/purchase/create-order': () => json(200, order()),
      'POST /api/tokens/purchase/verify-payment': () =>
        json(200, { success: true, tokens_added: 30000, available_tokens: 32500, message: 'ok' }),
    });
    checkout.openCheckout.mockResolvedValueOnce({
      status: 'success',
      response: { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sbx_1', razorpay_signature: 'sig' },
    });
    const onClose = vi.fn();
    const onPurchased = vi.fn();
    renderAt('/reports', <BuyTokensModal open onClose={onClose} onPurchased={onPurchased} />);
    expect(screen.getByRole('heading', { name: 'Buy Tokens' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Pro package' }));
    expect(screen.getByRole('heading', { name: 'Review your purchase' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith(expect.objectContaining({ tokens_added: 30000 })));
    expect(onClose).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Successfully purchased 30,000 tokens!');
  });
});
