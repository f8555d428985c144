import { MSG, secondFactorForm, type SecondFactorChallenge, type SecondFactorForm, type SessionResponse } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { authApi } from '../api/auth-api.ts';
import { passkeyBrowserError, passkeysSupported, signWithPasskey } from '../lib/passkeys.ts';

/**
 * The code step of a sign-in with two-factor on (decision 190): a code from the authenticator
 * app or one of the recovery codes, in one field. An expired or used-up challenge goes back to
 * the password. The members' sign-in checks the code unless `verify` says who does (the expert
 * portal's, decision 235), and then what it answers is what `onSignedIn` receives.
 */
export function SecondFactorStep<T = SessionResponse>({
  challenge,
  methods,
  onSignedIn,
  onRestart,
  verify,
  heading: Heading = 'h2',
}: {
  challenge: string;
  methods: SecondFactorChallenge['methods'];
  onSignedIn: (s: T) => void;
  onRestart: () => void;
  verify?: (challenge: string, code: string) => Promise<T>;
  /** The step's heading level: h1 where it is the page's only heading. */
  heading?: 'h1' | 'h2';
}) {
  const check = verify ?? ((c: string, code: string) => authApi.loginSecondFactor(c, code) as Promise<unknown> as Promise<T>);
  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SecondFactorForm>({ resolver: zodResolver(secondFactorForm), defaultValues: { code: '' } });
  useEffect(() => setFocus('code'), [setFocus]);

  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const failed = (err: unknown, fallback: string) => {
    if (err instanceof ApiError && err.status === 401) {
      toast.error(errorText(err, MSG.secondFactorExpired));
      return onRestart();
    }
    setError('code', { message: errorText(err, fallback) });
    setFocus('code');
  };
  // A passkey of this account instead of a code (decision 193).
  const withPasskey = async () => {
    setPasskeyBusy(true);
    try {
      const { options } = await authApi.passkeySecondFactorOptions(challenge);
      // Offered only to members (methods lists a passkey for their challenges alone), so T is their session.
      onSignedIn((await authApi.passkeySecondFactor(challenge, await signWithPasskey(options))) as unknown as T);
    } catch (err) {
      const browser = passkeyBrowserError(err);
      if (browser) toast.error(browser);
      else failed(err, MSG.passkeyFailed);
    } finally {
      setPasskeyBusy(false);
    }
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      onSignedIn(await check(challenge, code));
    } catch (err) {
      failed(err, MSG.secondFactorFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="second-factor-title">
      <Heading id="second-factor-title" className="text-base font-semibold text-slate-900">
        Two-factor sign-in
      </Heading>
      <p className="text-sm text-slate-600">Open your authenticator app and enter the 6-digit code it shows for Assay.</p>
      <TextField
        label="Authentication code"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        hint="Lost your phone? Enter one of your recovery codes instead."
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Verify and sign in
      </Button>
      {methods.includes('passkey') && passkeysSupported() && (
        <Button type="button" variant="outline" className="w-full" loading={passkeyBusy} onClick={() => void withPasskey()}>
          Use a passkey instead
        </Button>
      )}
      <button type="button" onClick={onRestart} className="w-full text-center text-sm font-medium text-brand-700 hover:underline">
        Back to email and password
      </button>
    </form>
  );
}
