import { MSG, TOKEN_ADJUSTMENT_MESSAGES } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { TokenAdjustmentForm } from './TokenAdjustmentForm.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

const USER = { id: 'u1', name: 'Grace Hopper', available_tokens: 2500 };

beforeEach(() => adminCredentials.save('ops', 'secret-password'));
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const fill = async (user: ReturnType<typeof userEvent.setup>, action: 'Grant' | 'Deduct', amount: string, reason: string) => {
  await user.selectOptions(screen.getByLabelText('Action'), action);
  if (amount) await user.type(screen.getByLabelText('Tokens'), amount);
  if (reason) await user.type(screen.getByLabelText('Reason'), reason);
  await user.click(screen.getByRole('button', { name: 'Review' }));
};

describe('the operator’s token grant form', () => {
  it('requires a reason and a whole positive number, and sends nothing until both are right', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => json(500, {}));
    renderWithClient(<TokenAdjustmentForm user={USER} />);
    await fill(user, 'Grant', '', '');
    expect(screen.getByText('Enter a whole number above zero')).toBeTruthy();
    expect(screen.getByText(TOKEN_ADJUSTMENT_MESSAGES.reasonRequired)).toBeTruthy();
    expect(screen.getByLabelText('Tokens').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Tokens'), '12.5');
    await user.type(screen.getByLabelText('Reason'), '   ');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('Enter a whole number above zero')).toBeTruthy();
    expect(screen.getByText(TOKEN_ADJUSTMENT_MESSAGES.reasonRequired)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for confirmation, then grants with basic authorization and shows the new balance', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => json(201, { amount: 5000, reason: 'Goodwill', available_tokens: 7500 }));
    renderWithClient(<TokenAdjustmentForm user={USER} />);
    await fill(user, 'Grant', '5000', 'Goodwill');
    const dialog = screen.getByRole('dialog', { name: 'Grant tokens?' });
    expect(within(dialog).getByText('5,000')).toBeTruthy();
    expect(within(dialog).getByText('Goodwill')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Grant tokens' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Granted 5,000 tokens. New balance: 7,500'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/users/u1/token-adjustments');
    expect(JSON.parse(init!.body as string)).toEqual({ amount: 5000, reason: 'Goodwill' });
    expect((init!.headers as Record<string, string>).authorization).toMatch(/^Basic /);
    expect(screen.getByTestId('adjust-balance').textContent).toBe('7,500');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Reason') as HTMLInputElement).value).toBe('');
  });

  it('sends a deduction as a negative amount, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const detail = TOKEN_ADJUSTMENT_MESSAGES.overDeduction(9000, 2500);
    const fetch = mockFetch(() => json(422, { detail, code: 'insufficient_tokens' }));
    renderWithClient(<TokenAdjustmentForm user={USER} />);
    await fill(user, 'Deduct', '9000', 'Duplicate grant');
    const dialog = screen.getByRole('dialog', { name: 'Deduct tokens?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deduct tokens' }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ amount: -9000, reason: 'Duplicate grant' });
    expect(screen.getByTestId('adjust-balance').textContent).toBe('2,500');
    expect(toast.success).not.toHaveBeenCalled();
    // Cancel leaves the form as it was, to correct.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Tokens') as HTMLInputElement).value).toBe('9000');
  });

  it('sends every try of one reviewed adjustment with the same Idempotency-Key, and a new review with a new one', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const fetch = mockFetch(() =>
      ++tries === 1
        ? json(503, { detail: 'Service unavailable', code: 'unavailable' })
        : json(201, { amount: 300, reason: 'Goodwill', available_tokens: 2800 }),
    );
    renderWithClient(<TokenAdjustmentForm user={USER} />);
    await fill(user, 'Grant', '300', 'Goodwill');
    const dialog = screen.getByRole('dialog', { name: 'Grant tokens?' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant tokens' }));
    expect(await within(dialog).findByText(MSG.serverError)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Grant tokens' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    const keys = fetch.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await fill(user, 'Grant', '300', 'Goodwill');
    await user.click(within(screen.getByRole('dialog', { name: 'Grant tokens?' })).getByRole('button', { name: 'Grant tokens' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect((fetch.mock.calls[2]![1]!.headers as Record<string, string>)['idempotency-key']).not.toBe(keys[0]);
  });
});
