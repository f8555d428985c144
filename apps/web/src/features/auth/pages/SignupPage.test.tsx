import { MSG } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SignupPage from './SignupPage.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const answer = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** fetch answering /auth/config and, for the sign-up itself, `signupAnswer`. */
function serve(signupAnswer: () => Response) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/auth/signup')) return signupAnswer();
    return answer({ google_client_id: null }, 200);
  }));
}

async function signUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/signup']}>
        <SignupPage />
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
});
