import { REFUND_MESSAGES, type RefundView } from '@assay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, MEMBER, renderAt, stubApi } from '../test-support.tsx';
import { RefundRequestButton } from './RefundRequestButton.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

// jsdom has no modal dialogs: open and close them by the attribute, as browsers do.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

beforeEach(() => session.signIn('access-token', MEMBER));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  session.clear();
});

const PURCHASE = 'd1d649c7-6ea9-4968-b37e-2abf4ebe10d2';
const REFUND: RefundView = {
  id: 'r1',
  purchase_id: PURCHASE,
  status: 'requested',
  reason: 'Wrong package',
  tokens: 10000,
  currency: 'USD',
  amount_minor: 5782,
  fee_minor: 578,
  refund_minor: 5204,
  requested_at: '2026-11-26T10:00:00Z',
  decided_at: null,
  decision_reason: null,
  credit_note_number: null,
};

const show = (onRequested = vi.fn()) => {
  renderAt(
    '/billing',
    <RefundRequestButton
      purchaseId={PURCHASE}
      packageName="Starter"
      tokens={10000}
      amountMinor={5782}
      currency="USD"
      onRequested={onRequested}
    />,
  );
  return onRequested;
};

describe('the refund request dialog', () => {
  it('shows the fee and the refund, requires a reason, sends it and tells the page', async () => {
    const calls = stubApi({ [`POST /billing/purchases/${PURCHASE}/refund-request`]: () => json(201, REFUND) });
    const onRequested = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Request refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    expect(dialog.textContent).toContain('$57.82');
    expect(dialog.textContent).toContain('−$5.78');
    expect(dialog.textContent).toContain('$52.04');

    // No reason: refused here, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(REFUND_MESSAGES.reasonRequired)).toBeTruthy();
    expect(screen.getByLabelText('Why are you asking for a refund?').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Why are you asking for a refund?'), '  Wrong package  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onRequested).toHaveBeenCalledWith(REFUND));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { reason: 'Wrong package' }, authorization: 'Bearer access-token' });
    expect(toast.success).toHaveBeenCalledWith(REFUND_MESSAGES.requested);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason when it refuses, and stays open", async () => {
    stubApi({ [`POST /billing/purchases/${PURCHASE}/refund-request`]: () => json(409, { detail: REFUND_MESSAGES.tokensUsed }) });
    const onRequested = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Request refund' }));
    await userEvent.type(screen.getByLabelText('Why are you asking for a refund?'), 'Changed my mind');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REFUND_MESSAGES.tokensUsed);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onRequested).not.toHaveBeenCalled();
  });

  it('closes with Cancel without sending', async () => {
    const calls = stubApi({});
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Request refund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);
  });
});
