import type { ExpertEarningsRow } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { ExpertEarningsSection } from './ExpertEarningsSection.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

/** Decision 234: per-expert earnings, the payout CSV and recording a payout in the operators' panel. */
const toast = spyOnToasts();

const row = (over: Partial<ExpertEarningsRow>): ExpertEarningsRow => ({
  expert_id: 'e1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  rttp_number: 'RTTP-1',
  owed_tokens: 7500,
  owed_reviews: 2,
  paid_tokens: 3000,
  paid_reviews: 1,
  last_paid_at: '2026-11-30T10:00:00Z',
  ...over,
});
const today = new Date().toISOString().slice(0, 10);

beforeEach(() => {
  adminCredentials.save('ops', 'secret-password');
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('expert earnings in the operators’ panel', () => {
  it('shows each expert’s owed and paid tokens; records a payout up to a day with a reference; says when it was recorded already', async () => {
    let owed = 7500;
    const sent: unknown[] = [];
    mockFetch(async (method, path, init) => {
      if (method === 'POST' && path === '/api/admin/experts/e1/payouts') {
        sent.push(JSON.parse(String(init.body)));
        const created = owed > 0;
        owed = 0;
        return json(200, {
          created,
          payout: {
            id: 'p1',
            expert_id: 'e1',
            through: today,
            tokens: 7500,
            reviews: 2,
            reference: 'NEFT 42',
            paid_at: '2026-12-03T10:00:00Z',
            paid_by: 'ops',
          },
        });
      }
      return json(200, {
        experts: [
          row({ owed_tokens: owed, owed_reviews: owed ? 2 : 0, paid_tokens: 10500 - owed }),
          row({
            expert_id: 'e2',
            name: 'Katherine Johnson',
            owed_tokens: 0,
            owed_reviews: 0,
            paid_tokens: 0,
            paid_reviews: 0,
            last_paid_at: null,
          }),
        ],
      });
    });
    renderWithClient(<ExpertEarningsSection />);
    const rows = await screen.findAllByTestId('earnings-row');
    expect(rows[0]!.textContent).toMatch(
      /^Grace Hopper · RTTP RTTP-1 · grace@example.comOwed 7,500 tokens for 2 reviews · paid 3,000 tokens · last payout /,
    );
    expect(rows[1]!.textContent).toContain('Owed 0 tokens for 0 reviews · paid 0 tokens');
    // Nothing owed: no payout to record.
    expect(within(rows[1]!).queryByRole('button', { name: /Record a payout/ })).toBeNull();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Record a payout to Grace Hopper' }));
    const form = within(rows[0]!).getByRole('form');
    expect((within(form).getByLabelText('Delivered up to') as HTMLInputElement).value).toBe(today);
    await userEvent.type(within(form).getByLabelText('Payment reference (optional)'), 'NEFT 42');
    await userEvent.click(within(form).getByRole('button', { name: 'Record the payout' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payout of 7,500 tokens to Grace Hopper recorded'));
    expect(sent).toEqual([{ through: today, reference: 'NEFT 42' }]);
    await waitFor(() => expect(screen.getAllByTestId('earnings-row')[0]!.textContent).toContain('Owed 0 tokens'));
  });

  it('shows the server’s refusal at the form', async () => {
    mockFetch(async (method) =>
      method === 'POST'
        ? json(409, { detail: 'Nothing is owed to this expert for reviews delivered up to that day', code: 'nothing_owed' })
        : json(200, { experts: [row({})] }),
    );
    renderWithClient(<ExpertEarningsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Record a payout to Grace Hopper' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record the payout' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nothing is owed to this expert for reviews delivered up to that day');
  });

  it('downloads the payout CSV of the period, of one expert or all, with basic authorization', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetch = mockFetch(async (_method, path) =>
      path.startsWith('/api/admin/experts/earnings/export')
        ? new Response('\uFEFFDelivered at (UTC)\r\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="expert-earnings-2026-11-01-to-2026-11-30.csv"',
            },
          })
        : json(200, { experts: [row({})] }),
    );
    renderWithClient(<ExpertEarningsSection />);
    await screen.findAllByTestId('earnings-row');
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.selectOptions(screen.getByLabelText('Expert'), 'Grace Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Download the payout CSV' }));
    await waitFor(() => expect(saved).toEqual(['expert-earnings-2026-11-01-to-2026-11-30.csv']));
    const [url, init] = fetch.mock.calls.find(([u]) => String(u).includes('/export'))!;
    expect(url).toBe('/api/admin/experts/earnings/export?from=2026-11-01&to=2026-11-30&expert_id=e1');
    expect((init!.headers as Record<string, string>).authorization).toMatch(/^Basic /);
    expect(toast.success).toHaveBeenCalledWith('Payout CSV downloaded');
  });
});
