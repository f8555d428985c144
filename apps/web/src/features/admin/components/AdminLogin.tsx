import { adminLoginForm, basicAuthorization, MSG, PRODUCT_NAME, type AdminLoginForm } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { adminLogin, adminSecondFactor, adminTotpEnable, adminTotpSetup } from '../api/login.ts';
import type { TotpSetup } from '@assay/shared';
import { createPasskey, passkeyBrowserError, passkeysSupported, signWithPasskey } from '../../auth/index.ts';
import { addOperatorPasskey, adminPasskeySecondFactor, operatorPasskeyOptions } from '../api/passkeys.ts';
import { adminCredentials } from '../lib/credentials.ts';
import { BrandMark } from './BrandMark.tsx';

/** "about 14 minutes", "about a minute", "40 seconds": how long the server's Retry-After says to wait. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
}

/** The server's lock-out detail with how long to wait in place of its "try again later". */
function lockoutText(detail: string, retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds) return detail;
  return `${detail.replace(/\s*Please try again later\.?$/, '')} Try again in ${waitText(retryAfterSeconds)}.`;
}

/** The banner adds the way back that needs the server itself (decision 163). */
const UNLOCK_HINT = 'Whoever runs the server can unlock the account now with: npm run operator -- unlock <username>.';

/** The operator sign-in (docs/product.md §2): the credentials are checked, then kept for this tab. */
type Pending = { username: string; password: string; setup?: TotpSetup; methods?: Array<'totp' | 'passkey'> };

export function AdminLogin() {
  const [lockout, setLockout] = useState<string | null>(null);
  // A right password that still needs a code from the app, or adding one (decision 191).
  const [pending, setPending] = useState<Pending | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AdminLoginForm>({ resolver: zodResolver(adminLoginForm), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setLockout(null);
    try {
      const r = await adminLogin(username.trim(), password);
      if (r.second_factor === 'required') return setPending({ username: username.trim(), password, methods: r.methods ?? ['totp'] });
      if (r.second_factor === 'enrol')
        return setPending({ username: username.trim(), password, setup: await adminTotpSetup(username.trim(), password) });
      adminCredentials.save(username.trim(), password);
      toast.success(MSG.adminLoginSuccess);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        toast.error(MSG.adminInvalidCredentials);
      } else if (err instanceof ApiError && err.status === 429) {
        const text = lockoutText(err.detail ?? MSG.adminLockedOut, err.retryAfterSeconds);
        setLockout(`${text} ${UNLOCK_HINT}`);
        toast.error(text);
      } else {
        toast.error(MSG.adminLoginFailed);
      }
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <BrandMark />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Operator panel</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in with your {PRODUCT_NAME} operator account.</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {pending ? (
            <OperatorCodeStep pending={pending} onCancel={() => setPending(null)} />
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Operator sign in">
              {lockout && <Banner tone="error">{lockout}</Banner>}
              <TextField
                label="Username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                error={errors.username?.message}
                {...register('username')}
              />
              <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
              <Button type="submit" className="w-full" loading={isSubmitting}>
                Sign in
              </Button>
            </form>
          )}
        </div>
        <p className="mt-6 text-center text-xs text-slate-600">Your session ends when you close this tab or log out.</p>
      </div>
    </main>
  );
}

/**
 * The code from the operator's app or one of the operator's passkeys (decision 228), or adding
 * the app or a passkey first when ADMIN_REQUIRE_2FA asks for it.
 */
function OperatorCodeStep({ pending, onCancel }: { pending: Pending; onCancel: () => void }) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const withCode = pending.setup !== undefined || (pending.methods ?? ['totp']).includes('totp');
  const withPasskey = passkeysSupported() && (pending.setup !== undefined || (pending.methods ?? []).includes('passkey'));
  useEffect(() => input.current?.focus(), []);
  // The passkey instead of the code: signing with one of this operator's, or — enrolling — adding one.
  const answerWithPasskey = async () => {
    setError(undefined);
    setPasskeyBusy(true);
    try {
      if (pending.setup) {
        const authorization = basicAuthorization(pending.username, pending.password);
        const { options } = await operatorPasskeyOptions(authorization);
        await addOperatorPasskey(authorization, 'Operator passkey', await createPasskey(options));
      } else {
        await adminPasskeySecondFactor(pending.username, pending.password, signWithPasskey);
      }
      adminCredentials.save(pending.username, pending.password);
      toast.success(MSG.adminLoginSuccess);
    } catch (err) {
      setError(passkeyBrowserError(err) ?? errorText(err, MSG.passkeyFailed));
    } finally {
      setPasskeyBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(otp.trim())) return setError(MSG.otpInvalid);
    setBusy(true);
    try {
      const send = pending.setup ? adminTotpEnable : adminSecondFactor;
      await send(pending.username, pending.password, otp.trim());
      adminCredentials.save(pending.username, pending.password);
      toast.success(MSG.adminLoginSuccess);
    } catch (err) {
      setError(errorText(err, MSG.secondFactorFailed));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={pending.setup ? 'Add an authenticator app' : 'Two-factor sign-in'}>
      {pending.setup ? (
        <>
          <p className="text-sm text-slate-700">
            Operators here use two-factor sign-in. Scan this QR code with your authenticator app, then type the code it shows.
          </p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(pending.setup.qr_svg)}`}
            alt="QR code to add the operator account to your authenticator app"
            width={176}
            height={176}
            className="mx-auto size-44 rounded-lg border border-slate-200 bg-white p-2"
          />
          <p
            className="break-all rounded-md bg-slate-100 px-2 py-1 text-center font-mono text-xs text-slate-900"
            data-testid="operator-totp-secret"
          >
            {pending.setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </p>
        </>
      ) : withCode ? (
        <p className="text-sm text-slate-700">Enter the 6-digit code your authenticator app shows for this operator account.</p>
      ) : (
        <p className="text-sm text-slate-700">Confirm it is you with your passkey.</p>
      )}
      {withCode && (
        <>
          <TextField
            ref={input}
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
            error={error}
          />
          <Button type="submit" className="w-full" loading={busy}>
            {pending.setup ? 'Add the app and sign in' : 'Verify and sign in'}
          </Button>
        </>
      )}
      {!withCode && error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {withPasskey && (
        <Button
          type="button"
          variant={withCode ? 'outline' : 'primary'}
          className="w-full"
          loading={passkeyBusy}
          onClick={() => void answerWithPasskey()}
        >
          {pending.setup ? 'Add a passkey instead' : 'Use a passkey'}
        </Button>
      )}
      <button type="button" onClick={onCancel} className="w-full text-center text-sm font-medium text-brand-700 hover:underline">
        Back to username and password
      </button>
    </form>
  );
}
