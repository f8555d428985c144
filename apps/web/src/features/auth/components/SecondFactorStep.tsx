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
 * the password.
 */
export function SecondFactorStep({
  challenge,
  methods,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  methods: SecondFactorChallenge['methods'];
  onSignedIn: (s: SessionResponse) => void;
  onRestart: () => void;
}) {
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
      onSignedIn(await authApi.passkeySecondFactor(challenge, await signWithPasskey(options)));
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
      onSignedIn(await authApi.loginSecondFactor(challenge, code));
    } catch (err) {
      failed(err, MSG.secondFactorFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="text-base font-semibold text-slate-900">
        Two-factor sign-in
      </h2>
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
