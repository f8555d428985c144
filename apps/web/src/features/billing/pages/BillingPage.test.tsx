import type { LedgerEntry, Purchase, TokenLot } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, MEMBER, renderAt, stubApi, type Call } from '../test-support.tsx';
import BillingPage from './BillingPage.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

const PAID: Purchase = {
  id: 'p1',
  created_at: '2026-11-20T10:00:00Z',
  package_name: 'Starter',
  tokens: 10000,
  price_minor: 4900,
  tax_minor: 882,
  total_minor: 5782,
  currency: 'USD',
  status: 'paid',
  refunded_minor: 0,
  paid_at: '2026-11-20T10:01:00Z',
  invoice_number: 'INV/2026-27/000007',
  lot: { tokens: 10000, remaining: 7500, expires_at: '2027-11-20T10:01:00Z' },
  refund_status: null,
  refund_request_id: null,
  credit_note_number: null,
  refundable: false,
  refund_refusal: 'Some of its tokens were used',
};
const PENDING: Purchase = {
  ...PAID,
  id: 'p2',
  created_at: '2026-11-21T10:00:00Z',
  package_name: 'Pro',
  tokens: 30000,
  status: 'pending',
  paid_at: null,
  invoice_number: null,
  lot: null,
};
const entry = (id: string, over: Partial<LedgerEntry>): LedgerEntry => ({
  id,
  at: '2026-11-22T09:00:00Z',
  kind: 'purchase',
  description: 'Purchased the Starter package',
  amount: 10000,
  report: null,
  reason: null,
  ...over,
});
const ENTRIES = [
  entry('9', { kind: 'spent', description: 'Spent on report “Solar kiosks”', amount: -2500, report: { id: 'r1', title: 'Solar kiosks' } }),
  entry('8', {
    kind: 'operator_grant',
    description: 'Operator grant: Goodwill for the outage',
    amount: 500,
    reason: 'Goodwill for the outage',
  }),
];
const MORE = [entry('3', { kind: 'signup_bonus', description: 'Sign-up bonus', amount: 2500 })];
const LOTS: TokenLot[] = [
  {
    id: 'l1',
    source: 'purchase',
    created_at: '2026-11-20T10:01:00Z',
    tokens: 10000,
    remaining: 7500,
    expires_at: '2027-11-20T10:01:00Z',
    expired: false,
  },
  {
    id: 'l2',
    source: 'signup_bonus',
    created_at: '2025-01-01T00:00:00Z',
    tokens: 2500,
    remaining: 2500,
    expires_at: '2026-01-01T00:00:00Z',
    expired: true,
  },
];

beforeEach(() => {
  session.signIn('member-token', MEMBER);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const render = () => renderAt('/billing', <BillingPage />);

describe('the Billing page', () => {
  it('shows purchases with tax and status, the lots with expiry, and the history in plain words', async () => {
    const calls = stubApi({
      'GET /billing/purchases': () => json(200, { purchases: [PENDING, PAID] }),
      'GET /billing/ledger': () => json(200, { entries: ENTRIES, lots: LOTS }),
    });
    render();
    const rows = await screen.findAllByTestId('purchase-row');
    expect(rows).toHaveLength(2);
    const paid = rows[1]!;
    for (const text of ['Starter', '10,000', '$49.00', '$8.82', '$57.82', 'Paid']) expect(within(paid).getByText(text)).toBeTruthy();
    expect(within(paid).getByRole('button', { name: 'Download invoice INV/2026-27/000007' })).toBeTruthy();
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    // Every cell names its column, for the stacked phone layout.
    expect(within(paid).getByText('$8.82').closest('td')!.dataset.label).toBe('Tax');

    const history = screen.getByRole('list', { name: 'Token history' });
    expect(within(history).getByText('Spent on report “Solar kiosks”')).toBeTruthy();
    expect(within(history).getByText('Operator grant: Goodwill for the outage')).toBeTruthy();
    expect(within(history).getByText('−2,500')).toBeTruthy();
    expect(within(history).getByText('+500')).toBeTruthy();

    const lots = screen.getAllByTestId('token-lot');
    expect(within(lots[0]!).getByText('7,500')).toBeTruthy();
    expect(within(lots[0]!).getByText('Nov 20, 2027')).toBeTruthy();
    expect(within(lots[1]!).getByText(/^Expired/)).toBeTruthy();
    expect(screen.queryByText(/newest lots/)).toBeNull();
    // Members' own data, with their bearer token.
    expect(calls.every((c) => c.authorization === 'Bearer member-token')).toBe(true);
  });

  it('says when only the newest lots are shown, and not otherwise', async () => {
    stubApi({
      'GET /billing/purchases': () => json(200, { purchases: [PAID] }),
      'GET /billing/ledger': () => json(200, { entries: ENTRIES, lots: LOTS, lots_more: true }),
    });
    render();
    expect(await screen.findByText(`Showing your ${LOTS.length} newest lots. Older lots are in the token history below.`)).toBeTruthy();
  });

  it('offers a refund only where the policy allows one, and shows a refunded purchase with its credit note', async () => {
    const UNUSED: Purchase = {
      ...PAID,
      id: 'p3',
      package_name: 'Pro',
      lot: { tokens: 30000, remaining: 30000, expires_at: '2027-11-20T10:01:00Z' },
      refundable: true,
      refund_refusal: null,
    };
    const REFUNDED: Purchase = {
      ...PAID,
      id: 'p4',
      status: 'partially_refunded',
      refunded_minor: 5204,
      refund_status: 'refunded',
      refund_request_id: 'r4',
      credit_note_number: 'CN/2026-27/000002',
    };
    stubApi({
      'GET /billing/purchases': () => json(200, { purchases: [UNUSED, PAID, REFUNDED] }),
      'GET /billing/ledger': () => json(200, { entries: [], lots: [] }),
    });
    render();
    const [unused, used, refunded] = await screen.findAllByTestId('purchase-row');
    expect(within(unused!).getByRole('button', { name: 'Request refund' })).toBeTruthy();
    expect(within(used!).queryByRole('button', { name: 'Request refund' })).toBeNull();
    expect(within(refunded!).queryByRole('button', { name: 'Request refund' })).toBeNull();
    expect(within(refunded!).getByText('Partially refunded')).toBeTruthy();
    expect(within(refunded!).getByRole('button', { name: 'Download credit note CN/2026-27/000002' })).toBeTruthy();
  });

  it('shows a refunded purchase as Partially refunded with the amount that went back, and the reason a refund cannot be asked for', async () => {
    const REFUNDED: Purchase = {
      ...PAID,
      id: 'p4',
      status: 'partially_refunded',
      refunded_minor: 5204,
      refund_status: 'refunded',
      refund_request_id: 'r4',
      credit_note_number: 'CN/2026-27/000002',
      refund_refusal: 'This purchase has already been refunded',
    };
    stubApi({
      'GET /billing/purchases': () => json(200, { purchases: [REFUNDED, PAID] }),
      'GET /billing/ledger': () => json(200, { entries: [], lots: [] }),
    });
    render();
    const [refunded, used] = await screen.findAllByTestId('purchase-row');
    expect(within(refunded!).getByText('Partially refunded')).toBeTruthy();
    expect(within(refunded!).queryByText('Paid')).toBeNull();
    expect(within(refunded!).getByTestId('refunded-amount').textContent).toBe('−$52.04 refunded');
    // An ineligible purchase says why instead of the button silently missing.
    expect(within(used!).getByTestId('refund-refusal').textContent).toBe('No refund: Some of its tokens were used');
    expect(within(refunded!).queryByTestId('refund-refusal')).toBeNull();
  });

  it('lets the member withdraw a request still waiting, then refreshes the list', async () => {
    const WAITING: Purchase = {
      ...PAID,
      id: 'p5',
      refund_status: 'requested',
      refund_request_id: 'r5',
      refund_refusal: 'A refund has already been requested for this purchase',
    };
    let withdrawn = false;
    const calls = stubApi({
      'GET /billing/purchases': () =>
        json(200, {
          purchases: [withdrawn ? { ...WAITING, refund_status: 'withdrawn', refundable: true, refund_refusal: null } : WAITING],
        }),
      'GET /billing/ledger': () => json(200, { entries: [], lots: [] }),
      'POST /billing/refunds/r5/withdraw': () => {
        withdrawn = true;
        return json(200, {
          id: 'r5',
          purchase_id: 'p5',
          status: 'withdrawn',
          reason: 'Wrong package',
          tokens: 10000,
          currency: 'USD',
          amount_minor: 5782,
          fee_minor: 578,
          refund_minor: 5204,
          requested_at: '2026-11-21T10:00:00Z',
          decided_at: '2026-11-21T11:00:00Z',
          decision_reason: null,
          credit_note_number: null,
        });
      },
    });
    render();
    const row = await screen.findByTestId('purchase-row');
    expect(within(row).getByText('Its tokens are held until an operator decides.')).toBeTruthy();
    expect(within(row).queryByTestId('refund-refusal')).toBeNull();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Withdraw request to refund the Starter package' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Refund request withdrawn. The package's tokens can be used again."));
    expect(calls.some((c: Call) => c.method === 'POST' && c.path === '/billing/refunds/r5/withdraw')).toBe(true);
    await waitFor(() => expect(within(screen.getByTestId('purchase-row')).getByRole('button', { name: 'Request refund' })).toBeTruthy());
  });

  it('says there are no purchases yet and links to Buy Tokens', async () => {
    stubApi({
      'GET /billing/purchases': () => json(200, { purchases: [] }),
      'GET /billing/ledger': () => json(200, { entries: [], lots: [] }),
    });
    render();
    expect(await screen.findByText('No purchases yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Tokens' }).getAttribute('href')).toBe('/login-pricing');
    expect(screen.getByText('No token activity yet')).toBeTruthy();
    expect(screen.queryAllByTestId('purchase-row')).toHaveLength(0);
  });

  it('shows a spinner while loading, then an error with a retry that works', async () => {
    let fail = true;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    stubApi({
      'GET /billing/purchases': async () => {
        await gate;
        return fail ? json(500, { detail: 'boom' }) : json(200, { purchases: [PAID] });
      },
      'GET /billing/ledger': () => json(200, { entries: ENTRIES, lots: LOTS }),
    });
    render();
    expect(screen.getByText('Loading purchases').closest('[role="status"]')).toBeTruthy();
    release();
    const alert = await screen.findByText('Your purchases could not be loaded.');
    fail = false;
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('purchase-row')).toHaveLength(1);
  });

  it('loads more history by the cursor the server gave', async () => {
    const calls = stubApi({
      'GET /billing/purchases': () => json(200, { purchases: [PAID] }),
      'GET /billing/ledger': (c: Call) =>
        c.path.includes('cursor=next-1')
          ? json(200, { entries: MORE, lots: LOTS })
          : json(200, { entries: ENTRIES, lots: LOTS }, { 'x-next-cursor': 'next-1' }),
    });
    render();
    await screen.findByText('Spent on report “Solar kiosks”');
    expect(screen.queryByRole('button', { name: 'Load more purchases' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more token history' }));
    expect(await within(screen.getByRole('list', { name: 'Token history' })).findByText('Sign-up bonus')).toBeTruthy();
    expect(screen.getAllByTestId('ledger-entry')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more token history' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/billing/ledger')).map((c) => c.path)).toEqual([
      '/billing/ledger?limit=20',
      '/billing/ledger?limit=20&cursor=next-1',
    ]);
  });

  it("downloads an invoice with the member's token under the server's file name, and says so when it fails", async () => {
    let ok = true;
    const calls = stubApi({
      'GET /billing/purchases': () => json(200, { purchases: [PAID] }),
      'GET /billing/ledger': () => json(200, { entries: [], lots: [] }),
      'GET /billing/invoices/INV%2F2026-27%2F000007': () =>
        ok
          ? new Response(new Blob(['%PDF-1.7']), {
              status: 200,
              headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="INV-2026-27-000007.pdf"' },
            })
          : json(404, { detail: 'Invoice not found' }),
    });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    render();
    const button = await screen.findByRole('button', { name: 'Download invoice INV/2026-27/000007' });
    await userEvent.click(button);
    await waitFor(() => expect(clicks).toEqual(['INV-2026-27-000007.pdf']));
    const invoiceCall = calls.find((c) => c.path.startsWith('/billing/invoices/'))!;
    expect(invoiceCall.authorization).toBe('Bearer member-token');

    ok = false;
    await userEvent.click(button);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invoice not found'));
    expect(clicks).toHaveLength(1);
  });
});
