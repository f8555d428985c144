import type { ReviewRequestView } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { json, renderWithApp, startedReport, stubApi } from '../../test-support.tsx';
import { ReportExpertReview } from './ReportExpertReview.tsx';

/**
 * Decision 234: a balance short of an expert review offers buying the missing tokens through the
 * one purchase dialog; the order carries the review, and the capture opens it.
 */
const checkout = vi.hoisted(() => ({ openCheckout: vi.fn() }));
vi.mock('../../../purchase/checkout/open-checkout.ts', () => checkout);

const completed = startedReport({
  status: 'completed',
  version: 1,
  pdf_url: '/api/reports/r1/download',
  progress: { stage: 'done', sections_done: 15, sections_total: 15 },
});
const SIGNED = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sbx_1', razorpay_signature: 'sig' };
const PACKAGES = [
  {
    id: 'starter',
    name: 'Starter',
    package_type: 'starter',
    tokens: 10000,
    price_usd: 49,
    original_price_usd: null,
    description: 'Enough for 4 Basic reports.',
    most_popular: false,
    gst_usd: 8.82,
    total_usd: 57.82,
  },
];
const ORDER = {
  order_id: 'order_sbx_1',
  amount: 5782,
  currency: 'USD',
  key_id: 'rzp_sandbox',
  provider: 'sandbox',
  package: PACKAGES[0],
  price_breakdown: { price: 4900, gst: 882, total: 5782, gst_percent: 18 },
  prefill: { name: 'Ada', email: 'ada@example.com', contact: '' },
};
const opened = (): ReviewRequestView => ({
  id: 'q9',
  report_id: completed.id,
  report_title: completed.title,
  complexity: 'basic',
  sections: null,
  questions: 'Is it novel?',
  price: 5000,
  state: 'requested',
  expert: null,
  due_at: '2026-12-05T10:00:00Z',
  created_at: '2026-11-28T10:00:00Z',
  needs_expert_reason: null,
  end_reason: null,
  review: null,
  rating: null,
});

beforeEach(() => {
  session.signIn('access-token', {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    phone: null,
    is_verified: true,
    reports_generated: 1,
    created_at: '2025-01-01T00:00:00Z',
    last_login: null,
    auth_provider: 'password',
  });
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The server: a short balance, one package; the capture opens the request or says why not. */
function api(reviewRequest: { id: string | null; refusal: string | null }) {
  let requested = false;
  return stubApi({
    'GET /review-requests': () => json(200, { requests: requested ? [opened()] : [] }),
    'GET /reports/r1/review-quote': () => json(200, { price: 5000, balance: 3000, balance_after: -2000, turnaround_days: 7 }),
    'GET /tokens/packages': () => json(200, PACKAGES),
    'GET /billing/details': () => json(200, { country: 'IN', state_code: '29', address: null, gstin: null, gst_percent: 18 }),
    'POST /tokens/purchase/create-order': () => json(200, ORDER),
    'POST /tokens/purchase/verify-payment': () => {
      requested = reviewRequest.id !== null;
      return json(200, { success: true, tokens_added: 10000, available_tokens: 8000, message: 'ok', review_request: reviewRequest });
    },
  });
}

async function toConfirm() {
  renderWithApp(<ReportExpertReview report={completed} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Request an expert review' }));
  await userEvent.type(screen.getByLabelText('Your questions for the expert (optional)'), 'Is it novel?');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText('You need 2,000 more tokens for this.');
}

describe('buying the missing tokens for a review', () => {
  it('offers the purchase when the balance is short; the order carries the review; the capture’s request is shown', async () => {
    const calls = api({ id: 'q9', refusal: null });
    await toConfirm();
    expect(screen.getByRole('button', { name: 'Confirm and hold the tokens' }).hasAttribute('disabled')).toBe(true);
    const offer = screen.getByTestId('buy-for-review');
    expect(offer.textContent).toContain('at least 2,000 tokens');
    await userEvent.click(within(offer).getByRole('button', { name: 'Buy the missing tokens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Tokens' });
    expect(within(dialog).getByTestId('buy-for-review-intro').textContent).toBe(
      'Your balance is 2,000 tokens short of the expert review. Choose a package of at least 2,000 tokens.',
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Buy Now: Starter package' }));
    checkout.openCheckout.mockResolvedValueOnce({ status: 'success', response: SIGNED });
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to payment' }));

    await waitFor(() =>
      expect(screen.getByTestId('review-bought').textContent).toBe(
        'Tokens added and your expert review requested. The tokens are held until the review is delivered.',
      ),
    );
    expect(calls.find((c) => c.path === '/tokens/purchase/create-order')?.body).toEqual({
      package_id: 'starter',
      review: { report_id: 'r1', questions: 'Is it novel?' },
    });
    expect(await screen.findByTestId('review-request-open')).toBeTruthy();
    expect(screen.queryByTestId('paid-action-confirm')).toBeNull();
  });

  it('says so when the capture could not open the request: the tokens are in the balance, the member may confirm', async () => {
    api({ id: null, refusal: 'This report already has a review request in progress' });
    await toConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Buy the missing tokens' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Starter package' }));
    checkout.openCheckout.mockResolvedValueOnce({ status: 'success', response: SIGNED });
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    expect((await screen.findByTestId('review-bought-refusal')).textContent).toBe(
      'The tokens are in your balance, but the review could not be requested: This report already has a review request in progress',
    );
    expect(screen.getByTestId('paid-action-confirm')).toBeTruthy();
  });

  it('does not offer a purchase when the balance covers the review', async () => {
    stubApi({
      'GET /review-requests': () => json(200, { requests: [] }),
      'GET /reports/r1/review-quote': () => json(200, { price: 5000, balance: 9000, balance_after: 4000, turnaround_days: 7 }),
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request an expert review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('4,000 tokens');
    expect(screen.queryByTestId('buy-for-review')).toBeNull();
  });
});
