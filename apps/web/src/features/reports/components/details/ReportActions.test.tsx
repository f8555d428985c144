import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { balanceOf, json, renderWithApp, startedReport, stubApi } from '../../test-support.tsx';
import { ReportActions } from './ReportActions.tsx';

const completed = startedReport({
  status: 'completed',
  version: 1,
  pdf_url: '/api/reports/r1/download',
  progress: { stage: 'done', sections_done: 15, sections_total: 15 },
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
});

describe('report actions', () => {
  it('shows an upgrade’s price and the balance after before it is confirmed, and calls the server only on confirm', async () => {
    const calls = stubApi({
      'GET /tokens/balance': () => balanceOf(6000),
      'POST /reports/r1/upgrade': () => json(200, { ...completed, status: 'processing', complexity: 'advanced', run_kind: 'upgrade' }),
    });
    renderWithApp(<ReportActions report={completed} onDeleted={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Advanced' }));
    const confirm = screen.getByTestId('paid-action-confirm');
    expect(within(confirm).getByTestId('action-price').textContent).toBe('5,000 tokens');
    await waitFor(() => expect(within(confirm).getByTestId('action-balance-after').textContent).toBe('1,000 tokens'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm upgrade to Advanced' }));
    await screen.findByText(/Upgrade started/);
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/reports/r1/upgrade', { complexity: 'advanced' }],
    ]);
  });

  it('says how many tokens are missing and cannot be confirmed when the balance is short', async () => {
    stubApi({ 'GET /tokens/balance': () => balanceOf(1000) });
    renderWithApp(<ReportActions report={completed} onDeleted={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Comprehensive' }));
    expect(await screen.findByText('You need 5,500 more tokens for this.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm upgrade to Comprehensive' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upgrade to Comprehensive' }));
  });

  it('offers Try again on a failed report at the tier’s price, Cancel on a running one, and shows the server’s refusal', async () => {
    const failed = startedReport({ status: 'failed', error_message: 'The analyst was unavailable.', tokens_returned: true });
    stubApi({
      'GET /tokens/balance': () => balanceOf(3000),
      'POST /reports/r1/retry': () => json(409, { detail: 'Only a report that failed or was cancelled can be tried again' }),
    });
    const { unmount } = renderWithApp(<ReportActions report={failed} onDeleted={() => undefined} />);
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('action-price').textContent).toBe('2,500 tokens');
    await waitFor(() => expect(screen.getByTestId('action-balance-after').textContent).toBe('500 tokens'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and try again' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/can be tried again/);
    unmount();

    renderWithApp(<ReportActions report={startedReport()} onDeleted={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Delete report' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel report' }));
    expect(screen.getByText(/2,500 tokens held for it come back/)).toBeTruthy();
    // What it gives back and the balance after, before the member confirms (3,000 spendable + 2,500 held).
    expect(screen.getByTestId('action-returns').textContent).toBe('2,500 tokens');
    await waitFor(() => expect(screen.getByTestId('action-balance-after').textContent).toBe('5,500 tokens'));
  });

  it('deletes only after the confirmation, then closes the details', async () => {
    const onDeleted = vi.fn();
    const calls = stubApi({
      'GET /tokens/balance': () => balanceOf(0),
      'DELETE /reports/r1': () => json(200, { message: 'Report deleted' }),
    });
    renderWithApp(<ReportActions report={completed} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete report' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete report' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
  });
});
