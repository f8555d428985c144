import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials, CREDENTIALS_KEY } from '../lib/credentials.ts';
import { json, mockFetch, POST } from '../test-support.tsx';
import AdminPage from './AdminPage.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const STATS = { total_users: 42, total_reports: 7, completed_transactions: 3, total_revenue_inr: 1234.5, revenue_by_currency: [{ currency: 'INR', amount_minor: 123450 }, { currency: 'USD', amount_minor: 15222 }] };

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
      if (path.includes('post_type=blog')) return json(200, { posts: [] });
      return json(200, { posts: [POST, { ...POST, id: 'p2', slug: 'second' }] });
    });
    const client = renderPanel();
    await waitFor(() => expect(screen.getByTestId('admin-user-count').textContent).toBe('42 users'));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Contact Submissions/ }).textContent).toBe('Contact Submissions11'));
    expect(screen.getByRole('tab', { name: /Token Purchases/ }).textContent).toBe('Token Purchases3');
    expect(screen.getByRole('tab', { name: /Blog Posts/ }).textContent).toBe('Blog Posts0');
    expect(screen.getByRole('tab', { name: /Press Releases/ }).textContent).toBe('Press Releases2');
    expect(await screen.findByText('₹1,234.50')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Revenue in other currencies' }).textContent).toContain('$152.22');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStorage.getItem(CREDENTIALS_KEY)).toBeNull();
    await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: ['admin'] })).toHaveLength(0));
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
