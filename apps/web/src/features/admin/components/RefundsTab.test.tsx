import { REFUND_REASON_SHOWN, type AdminRefund, type AdminRefundSummary } from '@assay/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { RefundsTab } from './RefundsTab.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

spyOnToasts();

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
});

const REFUND: AdminRefundSummary = {
  id: '4e0c1f7e-9a53-4a4e-a1c0-2a8f0e6d5b11',
  purchase_id: 'p1',
  status: 'requested',
  reason: 'Bought the wrong package',
  tokens: 10000,
  currency: 'USD',
  amount_minor: 5782,
  fee_minor: 578,
  refund_minor: 5204,
  requested_at: '2026-11-26T10:00:00Z',
  decision_reason: null,
  credit_note_number: null,
  member_name: 'Grace Hopper',
  member_email: 'grace@example.com',
  package_name: 'Starter',
  invoice_number: 'INV/2026-27/000007',
  decided_by: null,
  reasons_cut: false,
  retryable: false,
};
/** The same request whole, as GET /admin/refunds/{id} and the decisions answer it. */
const WHOLE: AdminRefund = {
  id: REFUND.id,
  purchase_id: 'p1',
  status: 'requested',
  reason: 'Bought the wrong package',
  tokens: 10000,
  currency: 'USD',
  amount_minor: 5782,
  fee_minor: 578,
  refund_minor: 5204,
  requested_at: REFUND.requested_at,
  decided_at: null,
  decision_reason: null,
  credit_note_number: null,
  member_name: 'Grace Hopper',
  member_email: 'grace@example.com',
  package_name: 'Starter',
  invoice_number: 'INV/2026-27/000007',
  provider_refund_id: null,
  decided_by: null,
};

describe('the refunds tab', () => {
  it('lists the pending requests with member, package, amounts, date and reason', async () => {
    adminCredentials.save('ops', 'secret-password');
    const fetch = mockFetch(() => json(200, { items: [REFUND], pending_count: 1 }));
    renderWithClient(<RefundsTab />);
    const card = await screen.findByTestId('refund-request');
    for (const text of [
      'Grace Hopper',
      'grace@example.com',
      'Starter',
      '$57.82',
      '$5.78',
      '$52.04',
      'Bought the wrong package',
      'Refund requested',
    ]) {
      expect(card.textContent).toContain(text);
    }
    expect(screen.getByText(/1 request waits for a decision/)).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toContain('status=requested');
  });

  it("approves after confirming, with the operator's credentials", async () => {
    adminCredentials.save('ops', 'secret-password');
    const fetch = mockFetch((method, path) =>
      method === 'POST' && path.includes('/approve')
        ? json(200, { ...WHOLE, status: 'approved', credit_note_number: 'CN/2026-27/000001', provider_refund_id: 'rfnd_1' })
        : json(200, { items: [REFUND], pending_count: 1 }),
    );
    renderWithClient(<RefundsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this refund?' });
    expect(dialog.textContent).toContain('$52.04');
    fireEvent.click(screen.getByRole('button', { name: 'Approve and refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toContain(`/api/admin/refunds/${REFUND.id}/approve`);
    expect(JSON.stringify(post[1]!.headers)).toContain('Basic');
  });

  it('declines only with a reason', async () => {
    adminCredentials.save('ops', 'secret-password');
    const fetch = mockFetch((method) =>
      method === 'POST'
        ? json(200, { ...WHOLE, status: 'declined', decision_reason: 'Promotional price' })
        : json(200, { items: [REFUND], pending_count: 1 }),
    );
    renderWithClient(<RefundsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await screen.findByRole('dialog', { name: 'Decline this refund' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Decline' }).at(-1)!);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Promotional price' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Decline' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toContain('/decline');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ reason: 'Promotional price' });
  });

  it('offers a retry for a failed refund and the credit note download; shows the empty state', async () => {
    adminCredentials.save('ops', 'secret-password');
    mockFetch(() =>
      json(200, {
        items: [{ ...REFUND, status: 'refund_failed', credit_note_number: 'CN/2026-27/000002', retryable: true }],
        pending_count: 0,
      }),
    );
    const { unmount } = renderWithClient(<RefundsTab />);
    expect(await screen.findByRole('button', { name: 'Retry refund' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Credit note CN\/2026-27\/000002/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    unmount();
    mockFetch(() => json(200, { items: [], pending_count: 0 }));
    renderWithClient(<RefundsTab />);
    expect(await screen.findByText('No refund requests')).toBeTruthy();
  });

  it('shows one page of requests, then the older ones by cursor', async () => {
    adminCredentials.save('ops', 'secret-password');
    const older: AdminRefundSummary = { ...REFUND, id: 'older-1', member_name: 'Ada Lovelace' };
    const fetch = mockFetch((_m, path) =>
      path.includes('cursor=r2')
        ? json(200, { items: [older], pending_count: 2 })
        : json(200, { items: [REFUND], pending_count: 2 }, { 'x-next-cursor': 'r2' }),
    );
    renderWithClient(<RefundsTab />);
    await screen.findByText('Grace Hopper');
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(String(fetch.mock.calls[0]![0])).toContain('limit=50');
    fireEvent.click(screen.getByRole('button', { name: 'Show older requests' }));
    await screen.findByText('Ada Lovelace');
    expect(screen.getAllByTestId('refund-request')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show older requests' })).toBeNull();
    expect(screen.getByText(/2 requests wait for a decision/)).toBeTruthy();
  });

  it('shows a shortened reason with a way to read it whole, from the request itself', async () => {
    adminCredentials.save('ops', 'secret-password');
    const long = `${'The package was bought by a colleague for the wrong lab. '.repeat(12)}End of the story.`;
    const fetch = mockFetch((_m, path) =>
      path.includes(`/admin/refunds/${REFUND.id}`)
        ? json(200, { ...WHOLE, reason: long })
        : json(200, { items: [{ ...REFUND, reason: long.slice(0, REFUND_REASON_SHOWN), reasons_cut: true }], pending_count: 1 }),
    );
    renderWithClient(<RefundsTab />);
    const card = await screen.findByTestId('refund-request');
    expect(card.textContent).toContain(`${long.slice(0, REFUND_REASON_SHOWN)}…`);
    expect(card.textContent).not.toContain('End of the story.');
    // A request whose reasons are whole has no such button.
    expect(fetch.mock.calls.some(([url]) => String(url).includes(`/admin/refunds/${REFUND.id}`))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Read the whole reason' }));
    await waitFor(() => expect(card.textContent).toContain('End of the story.'));
    expect(card.textContent).not.toContain('…');
    expect(screen.queryByRole('button', { name: 'Read the whole reason' })).toBeNull();
    const read = fetch.mock.calls.find(([url]) => String(url).includes(`/admin/refunds/${REFUND.id}`))!;
    expect(JSON.stringify(read[1]!.headers)).toContain('Basic');
  });

  it('offers no way to read more when nothing was cut', async () => {
    adminCredentials.save('ops', 'secret-password');
    mockFetch(() => json(200, { items: [REFUND], pending_count: 1 }));
    renderWithClient(<RefundsTab />);
    await screen.findByTestId('refund-request');
    expect(screen.queryByRole('button', { name: 'Read the whole reason' })).toBeNull();
  });
});
