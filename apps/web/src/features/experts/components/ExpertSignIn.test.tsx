import type { ExpertMe } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/http.ts';
import { ExpertSignIn } from './ExpertSignIn.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

spyOnToasts();
afterEach(() => vi.unstubAllGlobals());

const ME: ExpertMe = {
  id: 'e1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  rttp_number: 'R-1',
  paused: false,
  undertaking_accepted: true,
  totp_enabled: true,
  two_factor_required: false,
};
const show = (onSignedIn: (m: ExpertMe) => void) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ExpertSignIn token={null} onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );

describe('the expert sign-in with two-factor on (decision 235)', () => {
  it('after the password asks for the code (the members’ code step, as the page’s heading), and the code signs in', async () => {
    const calls = stubApi({
      'POST /expert/login': () =>
        json(200, { second_factor_required: true, challenge: 'c'.repeat(32), methods: ['totp', 'recovery_code'] }),
      'POST /expert/login/second-factor': () => json(200, ME),
    });
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    show(onSignedIn);
    await user.type(screen.getByLabelText('E-mail'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'Hopper1906ok');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    // No passkey is offered to experts.
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(ME));
    expect(calls.at(-1)).toMatchObject({ path: '/expert/login/second-factor', body: { challenge: 'c'.repeat(32), code: '123456' } });
  });

  it('a wrong code says so under the field; an expired challenge goes back to the password', async () => {
    let answer = json(400, {
      detail: 'That code did not work. Check the time on your phone and try the newest code.',
      code: 'second_factor_invalid',
    });
    stubApi({
      'POST /expert/login': () =>
        json(200, { second_factor_required: true, challenge: 'c'.repeat(32), methods: ['totp', 'recovery_code'] }),
      'POST /expert/login/second-factor': () => answer,
    });
    const user = userEvent.setup();
    show(vi.fn());
    await user.type(screen.getByLabelText('E-mail'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'Hopper1906ok');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(/That code did not work/)).toBeTruthy();
    answer = json(401, { detail: 'This sign-in has expired. Enter your email and password again.', code: 'second_factor_expired' });
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Expert sign-in' })).toBeTruthy();
  });
});
