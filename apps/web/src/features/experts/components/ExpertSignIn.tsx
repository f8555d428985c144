import { CONFIDENTIALITY_UNDERTAKING, newPasswordField, type ExpertMe, type SecondFactorChallenge } from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { SecondFactorStep } from '../../auth/index.ts';
import { acceptInvitation, acceptUndertaking, signIn } from '../api/expert.ts';
import { secondFactor } from '../api/expert-access.ts';

/** Sign-in with e-mail and password, or, from an invitation link, setting the first password. */
export function ExpertSignIn({ token, onSignedIn }: { token: string | null; onSignedIn: (me: ExpertMe) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string>();
  // An expert with two-factor on answers a challenge for the code (decision 235).
  const [challenge, setChallenge] = useState<SecondFactorChallenge>();
  const go = useMutation({
    mutationFn: () => (token ? acceptInvitation(token, password) : signIn(email, password)),
    onSuccess: (r) => ('second_factor_required' in r ? setChallenge(r) : onSignedIn(r)),
    meta: { silent: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (token) {
      const parsed = newPasswordField.safeParse(password);
      if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message);
    }
    setInvalid(undefined);
    go.mutate();
  };
  if (challenge) {
    return (
      <div className="max-w-md">
        <SecondFactorStep
          heading="h1"
          challenge={challenge.challenge}
          methods={challenge.methods}
          verify={secondFactor}
          onSignedIn={onSignedIn}
          onRestart={() => {
            setChallenge(undefined);
            setPassword('');
          }}
        />
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{token ? 'Set your password' : 'Expert sign-in'}</h1>
      {token ? (
        <p className="text-sm text-slate-600">You were invited to review inventions as an expert. Choose a password to finish.</p>
      ) : (
        <TextField label="E-mail" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
      )}
      <PasswordField
        label={token ? 'New password' : 'Password'}
        autoComplete={token ? 'new-password' : 'current-password'}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={invalid}
        hint={token ? 'At least 8 characters, with upper and lower case letters and a digit.' : undefined}
        required
      />
      {go.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(go.error)}
        </p>
      )}
      <Button type="submit" loading={go.isPending} className="w-full sm:w-auto">
        {token ? 'Set password and sign in' : 'Sign in'}
      </Button>
    </form>
  );
}

/** The confidentiality undertaking, accepted once, before anything else opens. */
export function ExpertUndertaking({ onAccepted }: { onAccepted: (me: ExpertMe) => void }) {
  const accept = useMutation({ mutationFn: acceptUndertaking, onSuccess: onAccepted });
  return (
    <section aria-labelledby="undertaking-h" className="space-y-4">
      <h1 id="undertaking-h" className="text-xl font-semibold text-slate-900">
        Confidentiality undertaking
      </h1>
      <p className="text-sm leading-6 text-slate-700">{CONFIDENTIALITY_UNDERTAKING}</p>
      <p className="text-sm text-slate-600">Every time you open a member’s invention record or report, it is recorded.</p>
      {accept.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(accept.error)}
        </p>
      )}
      <Button onClick={() => accept.mutate()} loading={accept.isPending}>
        I accept the undertaking
      </Button>
    </section>
  );
}
