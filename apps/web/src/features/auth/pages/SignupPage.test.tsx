import { MSG } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import SignupPage from './SignupPage.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const answer = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Bodies of the code checks the page sent. */
const verifyBodies: unknown[] = [];

/** fetch answering /auth/config, the sign-up with `signupAnswer` and the code check with `verifyAnswer`. */
function serve(signupAnswer: () => Response, verifyAnswer = () => answer({ message: MSG.emailVerified }, 200)) {
  verifyBodies.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/auth/signup')) return signupAnswer();
    if (url.endsWith('/auth/verify-email-otp')) {
      verifyBodies.push(JSON.parse(String(init?.body)));
      return verifyAnswer();
    }
    return answer({ google_client_id: null }, 200);
  }));
}

async function enterCode() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify email' }));
}

async function signUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/signup']}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/login" element={<p>Sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Phone'), '+1 555 010 2030');
  await user.type(screen.getByLabelText('Password'), 'Str0ngPassw0rd');
  await user.type(screen.getByLabelText('Confirm password'), 'Str0ngPassw0rd');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('signing up', () => {
  it('goes to the code step when a code was sent a moment ago (429 otp_resend_too_soon)', async () => {
    serve(() => answer({ detail: MSG.otpResendTooSoon, code: 'otp_resend_too_soon' }, 429, { 'retry-after': '60' }));
    await signUp();
    expect(await screen.findByText('Verify your email')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(MSG.otpAlreadySent);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('stays on the form and says why for any other refusal', async () => {
    serve(() => answer({ detail: MSG.emailTaken, code: 'email_taken' }, 409));
    await signUp();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.emailTaken));
    expect(screen.queryByText('Verify your email')).toBeNull();
  });

  it('sends the password just typed with the code, so a contested email goes to its owner', async () => {
    serve(() => answer({ message: MSG.accountCreated, email: 'grace@example.com' }, 201));
    await signUp();
    await enterCode();
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(verifyBodies).toEqual([{ email: 'grace@example.com', otp: '123456', password: 'Str0ngPassw0rd' }]);
    expect(toast.success).toHaveBeenCalledWith(MSG.emailVerified);
  });

  it('goes to the reset step for this email when the server asks for a new password', async () => {
    serve(
      () => answer({ message: MSG.accountCreated, email: 'grace@example.com' }, 201),
      () => answer({ message: MSG.contestedSignupVerified, password_reset_required: true }, 200),
    );
    await signUp();
    await enterCode();
    expect(await screen.findByText('Set a new password')).toBeTruthy();
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(MSG.contestedSignupVerified);
    expect(toast.success).not.toHaveBeenCalledWith(MSG.emailVerified);
  });
});
