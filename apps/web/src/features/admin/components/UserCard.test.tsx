import type { AdminReport, AdminUser, Transaction } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminKeys } from '../api/keys.ts';
import { REPORT_STATUS_POLL_MS } from '../api/user-details.ts';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { UserCard } from './UserCard.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

const USER: AdminUser = {
  id: 'u1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  plan_name: 'Starter',
  subscription_status: 'active',
  reports_generated: 2,
  available_tokens: 7500,
  is_verified: true,
  created_at: '2025-07-01T00:00:00Z',
  last_login: null,
};
const REPORTS: AdminReport[] = [
  {
    id: 'r1',
    title: 'Compiler for banks',
    created_at: '2025-07-02T00:00:00Z',
    plan_name: 'Basic',
    file_url: '/api/reports/r1/download',
    status: 'completed',
    error_message: null,
    review: [
      {
        section: 'feasibility',
        kind: 'contradiction',
        detail: "The section gives TRL 4; the report's TRL is 5.",
        resolution: 'fixed-by-rule',
      },
      {
        section: 'market_signals',
        kind: 'unsupported',
        detail: 'The amount “USD 4.7 billion” is neither in the assumptions nor marked as an estimate to verify.',
        resolution: 'open',
      },
    ],
  },
  {
    id: 'r2',
    title: 'Nanosecond wire',
    created_at: '2025-07-03T00:00:00Z',
    plan_name: 'Advanced',
    file_url: null,
    status: 'processing',
    error_message: null,
    review: null,
  },
];
const TX: Transaction = {
  id: 't1',
  user_id: 'u1',
  user_name: 'Grace Hopper',
  user_email: 'grace@example.com',
  plan_name: 'starter',
  package_name: 'Starter',
  tokens: 10000,
  amount_paid: 5782,
  currency: 'USD',
  tax_minor: 882,
  refunded_minor: 0,
  refunded_tax_minor: 0,
  net_minor: 5782,
  refund_requested: false,
  status: 'paid',
  razorpay_payment_id: 'pay_sbx_ABCDEFGH12345678',
  razorpay_order_id: 'order_sbx_1',
  invoice_number: 'INV/2025-26/000001',
  active_until: '2026-07-01T00:00:00Z',
  created_at: '2025-07-01T00:00:00Z',
};

beforeEach(() => {
  adminCredentials.save('ops', 'secret-password');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('an operator’s user card', () => {
  it('asks again while a report is in progress, showing it completed, and shows why a report failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      let round = 0;
      mockFetch((_m, path) => {
        if (!path.includes('/reports')) return json(200, [TX]);
        round++;
        const wire = round === 1 ? REPORTS[1]! : { ...REPORTS[1]!, status: 'completed', file_url: '/api/reports/r2/download' };
        const failed: AdminReport = {
          ...REPORTS[1]!,
          id: 'r9',
          title: 'Broken idea',
          status: 'failed',
          error_message: 'The model did not answer. Your tokens were returned.',
        };
        return json(200, [wire, failed]);
      });
      renderWithClient(<UserCard user={USER} />);
      await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
      const reports = await screen.findByRole('region', { name: 'Reports' });
      await within(reports).findByText('Processing');
      expect(within(reports).getByTestId('admin-report-error').textContent).toBe(
        'Failed: The model did not answer. Your tokens were returned.',
      );
      await vi.advanceTimersByTimeAsync(REPORT_STATUS_POLL_MS + 100);
      await waitFor(() => expect(within(reports).getAllByRole('button', { name: /Download PDF of Nanosecond wire/ })).toHaveLength(1));
      expect(within(reports).queryByText('Processing')).toBeNull();
      // Nothing in progress any more: no more asking.
      const rounds = round;
      await vi.advanceTimersByTimeAsync(REPORT_STATUS_POLL_MS * 3);
      expect(round).toBe(rounds);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a refunded purchase is Partially refunded with what went back, never "Active, valid until"', async () => {
    const refunded: Transaction = { ...TX, status: 'partially_refunded', refunded_minor: 5204, refunded_tax_minor: 794, net_minor: 578 };
    const failed: Transaction = { ...TX, id: 't2', status: 'failed', active_until: null, razorpay_payment_id: null, invoice_number: null };
    mockFetch((_m, path) => json(200, path.endsWith('/reports') ? [] : [refunded, failed]));
    renderWithClient(<UserCard user={USER} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Grace Hopper/ }));
    const subs = await screen.findByRole('region', { name: 'Subscriptions' });
    await within(subs).findByText('Partially refunded');
    expect(within(subs).getByText('$52.04 refunded · net $5.78')).toBeTruthy();
    expect(within(subs).getByText('Failed')).toBeTruthy();
    expect(subs.textContent).not.toMatch(/valid until|Active|Cancelled/);
  });

  it('loads subscriptions and reports on expand, and drops them on collapse', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((_m, path) => json(200, path.endsWith('/reports') ? REPORTS : [TX]));
    const { client } = renderWithClient(<UserCard user={USER} />);
    const toggle = screen.getByRole('button', { name: /Grace Hopper/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(fetch).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const subs = await screen.findByRole('region', { name: 'Subscriptions' });
    await within(subs).findByText('$57.82');
    expect(within(subs).getByText(/Payment 12345678/)).toBeTruthy();
    const reports = screen.getByRole('region', { name: 'Reports' });
    await within(reports).findByText('Compiler for banks');
    expect(within(reports).getByRole('button', { name: /Download PDF/ })).toBeTruthy();
    // No file yet: its status instead of the button.
    const pending = within(reports).getByText('Nanosecond wire').closest('li')!;
    expect(within(pending).queryByRole('button')).toBeNull();
    expect(within(pending).getByText('Processing')).toBeTruthy();
    // The review's findings, for the operator: a count with the open ones, the details on demand.
    const done = within(reports).getByText('Compiler for banks').closest('li')!;
    expect(within(done).getByText(/Review: 2 findings, 1 open/)).toBeTruthy();
    expect(within(done).getByText(/USD 4\.7 billion/)).toBeTruthy();
    expect(within(pending).queryByTestId('admin-report-review')).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(
      expect.arrayContaining(['/api/admin/users/u1/reports', '/api/admin/users/u1/transactions?limit=20']),
    );

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Reports' })).toBeNull();
    expect(client.getQueryData(adminKeys.userReports('u1'))).toBeUndefined();
    expect(client.getQueryData(adminKeys.userTransactions('u1'))).toBeUndefined();
  });

  it('toasts the spec’s messages when a load fails', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(500, { detail: 'boom' }));
    renderWithClient(<UserCard user={USER} />);
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to fetch user reports'));
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch user subscriptions');
  });

  it('downloads a report as report-{id}.pdf with basic authorization', async () => {
    const user = userEvent.setup();
    const created: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    const fetch = mockFetch((_m, path) =>
      path.endsWith('/download')
        ? new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } })
        : json(200, path.endsWith('/reports') ? REPORTS : []),
    );
    renderWithClient(<UserCard user={USER} />);
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    await user.click(await screen.findByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Report downloaded'));
    expect(created).toEqual(['report-r1.pdf']);
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/reports/r1/download')!;
    expect((init!.headers as Record<string, string>).authorization).toMatch(/^Basic /);
    click.mockRestore();
  });

  it('says Failed to download report when the server refuses', async () => {
    const user = userEvent.setup();
    mockFetch((_m, path) =>
      path.endsWith('/download') ? json(404, { detail: 'Report not found' }) : json(200, path.endsWith('/reports') ? REPORTS : []),
    );
    renderWithClient(<UserCard user={USER} />);
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    await user.click(await screen.findByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to download report'));
  });

  it('shows a member’s newest reports first and the older ones a page at a time', async () => {
    const user = userEvent.setup();
    const older: AdminReport = { ...REPORTS[1]!, id: 'r3', title: 'Older idea', created_at: '2025-06-01T00:00:00Z' };
    const fetch = mockFetch((_m, path) => {
      if (path.includes('/transactions')) return json(200, []);
      if (path.includes('cursor=c1')) return json(200, [older]);
      if (path.includes('cursor=')) return json(500, { detail: 'boom' });
      return json(200, REPORTS, { 'x-next-cursor': 'c1' });
    });
    renderWithClient(<UserCard user={USER} />);
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    const reports = await screen.findByRole('region', { name: 'Reports' });
    await within(reports).findByText('Compiler for banks');
    expect(within(reports).queryByText('Older idea')).toBeNull();
    await user.click(within(reports).getByRole('button', { name: 'Show older reports' }));
    await within(reports).findByText('Older idea');
    expect(within(reports).getAllByTestId('admin-report')).toHaveLength(3);
    // The last page has no cursor: nothing more to show.
    expect(within(reports).queryByRole('button', { name: 'Show older reports' })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/admin/users/u1/reports?cursor=c1');
  });

  it('keeps the reports shown and says so when an older page fails', async () => {
    const user = userEvent.setup();
    mockFetch((_m, path) => {
      if (path.includes('/transactions')) return json(200, []);
      if (path.includes('cursor=')) return json(500, { detail: 'boom' });
      return json(200, REPORTS, { 'x-next-cursor': 'c1' });
    });
    renderWithClient(<UserCard user={USER} />);
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    const reports = await screen.findByRole('region', { name: 'Reports' });
    await user.click(await within(reports).findByRole('button', { name: 'Show older reports' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to fetch user reports'));
    expect(within(reports).getByText('Compiler for banks')).toBeTruthy();
    expect(within(reports).getByRole('button', { name: 'Show older reports' })).toBeTruthy();
  });

  it('shows one page of purchases, then the older ones by cursor (a member with hundreds is not one 500-row answer)', async () => {
    const user = userEvent.setup();
    const older: Transaction = { ...TX, id: 't0', package_name: 'Older Pack', amount_paid: 1234, net_minor: 1234 };
    const fetch = mockFetch((_m, path) => {
      if (path.includes('/reports')) return json(200, []);
      if (path.includes('cursor=p1')) return json(200, [older]);
      return json(200, [TX], { 'x-next-cursor': 'p1' });
    });
    renderWithClient(<UserCard user={USER} />);
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    const subs = await screen.findByRole('region', { name: 'Subscriptions' });
    await within(subs).findByText('$57.82');
    expect(within(subs).queryByText(/Older Pack/)).toBeNull();
    await user.click(within(subs).getByRole('button', { name: 'Show older purchases' }));
    await within(subs).findByText(/Older Pack/);
    expect(within(subs).queryByRole('button', { name: 'Show older purchases' })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/admin/users/u1/transactions?cursor=p1&limit=20');
  });
});
