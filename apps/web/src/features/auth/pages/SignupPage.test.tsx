import { MSG } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import LoginPage from './LoginPage.tsx';
import SignupPage from './SignupPage.tsx';
import { json } from '../../../test/http.ts';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  session.clear();
});

/** Bodies of the code checks the page sent. */
const verifyBodies: unknown[] = [];

const MEMBER = {
  id: 'u1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+1 555 010 2030',
  is_verified: true,
  reports_generated: 0,
  created_at: '2025-01-01T00:00:00Z',
  last_login: null,
  auth_provider: 'password',
};

/**
 * fetch answering /auth/config, the sign-up with `signupAnswer`, the code check with
 * `verifyAnswer`, a resend with `resendAnswer`, and a sign-in.
 */
function serve(
  signupAnswer: () => Response,
  verifyAnswer = () => json(200, { message: MSG.emailVerified }),
  resendAnswer = () => json(200, { message: MSG.otpSent }),
) {
  verifyBodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/auth/signup')) return signupAnswer();
      if (url.endsWith('/auth/verify-email-otp')) {
        verifyBodies.push(JSON.parse(String(init?.body)));
        return verifyAnswer();
      }
      if (url.endsWith('/auth/resend-otp')) return resendAnswer();
      if (url.endsWith('/auth/login'))
        return json(200, { access_token: 'access', refresh_token: 'refresh', token_type: 'bearer', expires_in: 900, user: MEMBER });
      return json(200, { google_client_id: null });
    }),
  );
}

/** Where the app went, with the state it carried. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname}</p>;
}

async function enterCode() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify email' }));
}

function renderAuth(entry: string | { pathname: string; state: unknown } = '/signup') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** With fake timers on, the user's pauses advance them. */
const typist = () => userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });

async function fillSignup() {
  const user = typist();
  // Pasted, not typed key by key: the form is what is tested here, not the keyboard.
  for (const [label, text] of [
    ['Full name', 'Grace Hopper'],
    ['Email', 'grace@example.com'],
    ['Phone', '+1 555 010 2030'],
    ['Password', 'Str0ngPassw0rd'],
    ['Confirm password', 'Str0ngPassw0rd'],
  ] as const) {
    await user.click(await screen.findByLabelText(label));
    await user.paste(text);
  }
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

async function signUp() {
  renderAuth();
  return fillSignup();
}

const signInPage = () => screen.findByRole('heading', { name: 'Sign in' });

describe('signing up', () => {
  it('goes to the code step when a code was sent a moment ago (429 otp_resend_too_soon)', async () => {
    serve(() => json(429, { detail: MSG.otpResendTooSoon, code: 'otp_resend_too_soon' }, { 'retry-after': '60' }));
    await signUp();
    expect(await screen.findByText('Verify your email')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(MSG.otpAlreadySent);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('stays on the form and says why for any other refusal', async () => {
    serve(() => json(409, { detail: MSG.emailTaken, code: 'email_taken' }));
    await signUp();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.emailTaken));
    expect(screen.queryByText('Verify your email')).toBeNull();
  });

  it('sends the password just typed with the code, so a contested email goes to its owner', async () => {
    serve(() => json(201, { message: MSG.accountCreated, email: 'grace@example.com' }));
    await signUp();
    await enterCode();
    expect(await signInPage()).toBeTruthy();
    expect(verifyBodies).toEqual([{ email: 'grace@example.com', otp: '123456', password: 'Str0ngPassw0rd' }]);
    expect(toast.success).toHaveBeenCalledWith(MSG.emailVerified);
  });

  it('goes to the reset step for this email when the server asks for a new password', async () => {
    serve(
      () => json(201, { message: MSG.accountCreated, email: 'grace@example.com' }),
      () => json(200, { message: MSG.contestedSignupVerified, password_reset_required: true }),
    );
    await signUp();
    await enterCode();
    expect(await screen.findByText('Set a new password')).toBeTruthy();
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(MSG.contestedSignupVerified);
    expect(toast.success).not.toHaveBeenCalledWith(MSG.emailVerified);
  });

  it('keeps what was typed when the member goes back from the code step', async () => {
    serve(() => json(201, { message: MSG.accountCreated, email: 'grace@example.com' }));
    const user = await signUp();
    await screen.findByText('Verify your email');
    await user.click(screen.getByRole('button', { name: 'Back to signup' }));
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Grace Hopper');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('grace@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('+1 555 010 2030');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('Str0ngPassw0rd');
    expect(screen.getByLabelText<HTMLInputElement>('Confirm password').value).toBe('Str0ngPassw0rd');
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
  });

  it('fills the sign-in form with the email once it is verified, and signs in to where the visitor was going', async () => {
    serve(() => json(201, { message: MSG.accountCreated, email: 'grace@example.com' }));
    // From the pricing page to sign-in, on to sign-up by its link.
    renderAuth({ pathname: '/login', state: { from: { pathname: '/pricing' } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    await fillSignup();
    await enterCode();
    await signInPage();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ngPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/pricing');
  });
});

describe('asking for a new code', () => {
  const resendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send a new code' });

  it('counts down the server’s window after a code was sent, then offers a new one and counts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let resends = 0;
    serve(
      () => json(201, { message: MSG.accountCreated, email: 'grace@example.com' }),
      undefined,
      () => {
        resends++;
        return json(200, { message: MSG.otpSent });
      },
    );
    const user = await signUp();
    await screen.findByText('Verify your email');
    expect(resendButton().disabled).toBe(true);
    expect(screen.getByTestId('resend-wait').textContent).toBe(' in 1:00');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.getByTestId('resend-wait').textContent).toMatch(/^ in 0:4[56]$/);
    await act(() => vi.advanceTimersByTimeAsync(46_000));
    expect(resendButton().disabled).toBe(false);
    expect(screen.queryByTestId('resend-wait')).toBeNull();

    await user.click(resendButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.otpSent));
    expect(resends).toBe(1);
    expect(resendButton().disabled).toBe(true);
    expect(screen.getByTestId('resend-wait').textContent).toBe(' in 1:00');
  });

  it('waits as long as the server’s Retry-After says when it refuses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(() => json(429, { detail: MSG.otpResendTooSoon, code: 'otp_resend_too_soon' }, { 'retry-after': '17' }));
    await signUp();
    await screen.findByText('Verify your email');
    expect(screen.getByTestId('resend-wait').textContent).toBe(' in 0:17');
    expect(resendButton().disabled).toBe(true);
  });

  it('arrives from sign-in counting (a code was just mailed), and counts the Retry-After of a refused resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(
      () => json(201, { message: MSG.accountCreated, email: 'grace@example.com' }),
      undefined,
      () => json(429, { detail: MSG.otpResendTooSoon, code: 'otp_resend_too_soon' }, { 'retry-after': '45' }),
    );
    renderAuth({ pathname: '/signup', state: { verifyEmail: 'grace@example.com' } });
    await screen.findByText('Verify your email');
    expect(screen.getByTestId('resend-wait').textContent).toBe(' in 1:00');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    const user = typist();
    await user.click(resendButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.otpResendTooSoon));
    expect(screen.getByTestId('resend-wait').textContent).toBe(' in 0:45');
    expect(resendButton().disabled).toBe(true);
    // Back on the form, the email the code went to is already there.
    await user.click(screen.getByRole('button', { name: 'Back to signup' }));
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('grace@example.com');
  });

  it("opens the code step from the mail's link with the code filled in, and sends the link's key with it", async () => {
    serve(() => json(201, {}));
    window.history.replaceState(null, '', '/signup#email=grace%40example.com&code=654321&key=AbCdEfGhIjKlMnOpQrStUv');
    renderAuth('/signup');
    expect((await screen.findByLabelText<HTMLInputElement>('Verification code')).value).toBe('654321');
    // The key leaves the address bar at once.
    expect(window.location.hash).toBe('');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(verifyBodies).toEqual([{ email: 'grace@example.com', otp: '654321', key: 'AbCdEfGhIjKlMnOpQrStUv' }]));
  });

  it("opens the reset step from the reset mail's link and sends the key with the new password", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.endsWith('/auth/reset-password')) bodies.push(JSON.parse(String(init?.body)));
        return json(200, { message: MSG.passwordReset, google_client_id: null });
      }),
    );
    window.history.replaceState(null, '', '/forgot-password#email=grace%40example.com&code=654321&key=AbCdEfGhIjKlMnOpQrStUv');
    renderAuth('/forgot-password');
    const user = userEvent.setup();
    expect((await screen.findByLabelText<HTMLInputElement>('Reset code')).value).toBe('654321');
    await user.type(screen.getByLabelText('New password'), 'N3wPassw0rdX');
    await user.type(screen.getByLabelText('Confirm new password'), 'N3wPassw0rdX');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ email: 'grace@example.com', otp: '654321', new_password: 'N3wPassw0rdX', key: 'AbCdEfGhIjKlMnOpQrStUv' }]),
    );
  });
});
