import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials, CREDENTIALS_KEY } from '../lib/credentials.ts';
import { json, mockFetch, POST } from '../test-support.tsx';
import AdminPage from './AdminPage.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const STATS = {
  total_users: 42,
  total_reports: 7,
  completed_transactions: 3,
  total_revenue_inr: 1234.5,
  purchases: { total: 3, paid: 3, failed: 0, pending: 0, refunded: 0, partially_refunded: 0 },
  revenue_by_currency: [
    { currency: 'INR', amount_minor: 123450, gross_minor: 123450, refunded_minor: 0, tax_minor: 18831 },
    { currency: 'USD', amount_minor: 15222, gross_minor: 15222, refunded_minor: 0, tax_minor: 2322 },
  ],
};
/** Payments in dollars only: no rupee figure at all, and four purchases of which two are paid. */
const USD_STATS = {
  total_users: 5,
  total_reports: 2,
  completed_transactions: 2,
  total_revenue_inr: 0,
  purchases: { total: 4, paid: 2, failed: 1, pending: 1, refunded: 0, partially_refunded: 0 },
  revenue_by_currency: [{ currency: 'USD', amount_minor: 21004, gross_minor: 21004, refunded_minor: 0, tax_minor: 3204 }],
};
const TX = {
  id: 't1',
  user_id: 'u1',
  user_name: 'Ada',
  user_email: 'ada@example.com',
  plan_name: 'pro',
  package_name: 'Pro',
  tokens: 30000,
  amount_paid: 15222,
  currency: 'USD',
  status: 'failed',
  tax_minor: 2322,
  refunded_minor: 0,
  refunded_tax_minor: 0,
  net_minor: 15222,
  refund_requested: false,
  razorpay_payment_id: null,
  razorpay_order_id: 'order_1',
  active_until: null,
  created_at: '2026-01-02T10:00:00Z',
  invoice_number: null,
};

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin', element: <AdminPage /> }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

describe('the operator panel page', () => {
  it('shows the counts, the rupee revenue with other currencies listed, and logs out clearing everything', async () => {
    adminCredentials.save('ops', 'secret-password');
    mockFetch((_m, path) => {
      if (path === '/api/admin/stats') return json(200, STATS);
      if (path.startsWith('/api/admin/transactions')) return json(200, [], { 'x-total-count': '3' });
      if (path.startsWith('/api/contact/submissions')) return json(200, [], { 'x-total-count': '11' });
      if (path.startsWith('/api/admin/refunds')) return json(200, { items: [], pending_count: 5 });
      // Counts are the servers' totals, not the length of a page (they once stopped at 200).
      if (path.includes('post_type=blog')) return json(200, { posts: [POST] }, { 'x-total-count': '1234' });
      return json(200, { posts: [POST] }, { 'x-total-count': '10000', 'x-total-count-capped': 'true' });
    });
    const client = renderPanel();
    await waitFor(() => expect(screen.getByTestId('admin-user-count').textContent).toBe('42 users'));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Contact Submissions/ }).textContent).toBe('Contact Submissions11'));
    expect(screen.getByRole('tab', { name: /Token Purchases/ }).textContent).toBe('Token Purchases3');
    await waitFor(() => expect(screen.getByRole('tab', { name: /Refunds/ }).textContent).toBe('Refunds5'));
    expect(screen.getByRole('tab', { name: /Blog Posts/ }).textContent).toBe('Blog Posts1,234');
    expect(screen.getByRole('tab', { name: /Press Releases/ }).textContent).toBe('Press Releases10,000+');
    const revenue = await screen.findByRole('list', { name: 'Revenue by currency' });
    expect(Array.from(revenue.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['₹1,234.50INR', '$152.22USD']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStorage.getItem(CREDENTIALS_KEY)).toBeNull();
    await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: ['admin'] })).toHaveLength(0));
  });

  it('shows dollar revenue as its own figure (no ₹0.00 headline) and one purchase breakdown on the dashboard, the tab count and the tab', async () => {
    adminCredentials.save('ops', 'secret-password');
    mockFetch((_m, path) => {
      if (path === '/api/admin/stats') return json(200, USD_STATS);
      if (path.startsWith('/api/admin/transactions')) return json(200, [TX], { 'x-total-count': '4' });
      if (path.startsWith('/api/contact/submissions')) return json(200, [], { 'x-total-count': '0' });
      if (path.startsWith('/api/admin/refunds')) return json(200, { items: [], pending_count: 0 });
      return json(200, { posts: [] });
    });
    renderPanel();
    const revenue = await screen.findByRole('list', { name: 'Revenue by currency' });
    expect(revenue.textContent).toBe('$210.04USD');
    expect(screen.queryByText(/₹/)).toBeNull();
    const breakdown = '4 purchases (2 paid, 1 failed, 1 pending)';
    expect(screen.getByTestId('purchase-breakdown').textContent).toBe(`All: ${breakdown}`);
    await waitFor(() => expect(screen.getByRole('tab', { name: /Token Purchases/ }).textContent).toBe('Token Purchases4'));

    await userEvent.setup().click(screen.getByRole('tab', { name: /Token Purchases/ }));
    expect((await screen.findByTestId('purchase-breakdown')).textContent).toBe(breakdown);
    expect(screen.getByRole('list', { name: 'Revenue by currency' }).textContent).toBe('$210.04USD');
    // A failed payment reads Failed.
    expect((await screen.findByTestId('transaction-row')).textContent).toContain('Failed');
  });

  it('goes back to the login when the stored credentials stop working', async () => {
    adminCredentials.save('ops', 'old-password');
    mockFetch(() => json(401, { detail: 'Invalid admin credentials' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(adminCredentials.get()).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Your operator session has ended. Please sign in again.', { id: 'admin-session-ended' });
  });
});
