import { MSG } from '@assay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials, CREDENTIALS_KEY } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { AdminLogin } from './AdminLogin.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the operator login', () => {
  it('with an authenticator app, keeps nothing until the code is right (decision 191)', async () => {
    const fetch = mockFetch((_method, url) =>
      url.endsWith('/admin/login')
        ? json(200, { username: 'ops', second_factor: 'required' })
        : json(400, { detail: MSG.secondFactorFailed, code: 'second_factor_invalid' }),
    );
    renderWithClient(<AdminLogin />);
    await signIn('ops', 'ops-password-123');
    const code = await screen.findByLabelText('Authentication code');
    expect(adminCredentials.get()).toBeNull();
    const user = userEvent.setup();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(MSG.secondFactorFailed)).toBeTruthy();
    expect(adminCredentials.get()).toBeNull();
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe('/api/admin/second-factor');
    expect(JSON.parse(String(init!.body))).toEqual({ otp: '123456' });
  });

  it('asks for both fields under them', async () => {
    const fetch = mockFetch(() => json(200, {}));
    renderWithClient(<AdminLogin />);
    await signIn('', '');
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the credentials as basic authorization, without the member token, then keeps them for the tab', async () => {
    const fetch = mockFetch(() => json(200, { username: 'ops', second_factor: 'ok' }));
    renderWithClient(<AdminLogin />);
    await signIn('ops', 'pässword:1');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.adminLoginSuccess));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/login');
    expect(init!.method).toBe('POST');
    const auth = (init!.headers as Record<string, string>).authorization!;
    expect(auth.startsWith('Basic ')).toBe(true);
    expect(new TextDecoder().decode(Uint8Array.from(atob(auth.slice(6)), (c) => c.charCodeAt(0)))).toBe('ops:pässword:1');
    expect(adminCredentials.get()).toEqual({ username: 'ops', authorization: auth });
    expect(sessionStorage.getItem(CREDENTIALS_KEY)).toContain('"username":"ops"');
    expect(localStorage.getItem(CREDENTIALS_KEY)).toBeNull();
  });

  it('says Invalid admin credentials on 401 and stores nothing', async () => {
    mockFetch(() => json(401, { detail: 'Invalid admin credentials' }));
    renderWithClient(<AdminLogin />);
    await signIn('ops', 'wrong');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.adminInvalidCredentials));
    expect(adminCredentials.get()).toBeNull();
  });

  it('shows the lock-out detail on 429 with how long to wait and the way back, and Login failed on anything else', async () => {
    mockFetch(() => json(429, { detail: 'Too many failed sign-in attempts. Please try again later.' }, { 'retry-after': '840' }));
    const { unmount } = renderWithClient(<AdminLogin />);
    await signIn('ops', 'whatever');
    const banner = (await screen.findByRole('alert')).textContent;
    expect(banner).toContain('Too many failed sign-in attempts. Try again in about 14 minutes.');
    expect(toast.error).toHaveBeenCalledWith('Too many failed sign-in attempts. Try again in about 14 minutes.');
    expect(banner).toContain('npm run operator -- unlock <username>');
    unmount();

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithClient(<AdminLogin />);
    await signIn('ops', 'whatever');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.adminLoginFailed));
  });
});
