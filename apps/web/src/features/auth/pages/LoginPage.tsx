import { loginForm, MSG, type LoginForm, type SecondFactorChallenge } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard, Divider } from '../components/AuthCard.tsx';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { PasskeySignInButton } from '../components/PasskeySignInButton.tsx';
import { SecondFactorStep } from '../components/SecondFactorStep.tsx';
import { useSignedIn } from '../hooks.ts';
import { useReturnTo } from '../../../lib/return-to.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

export default function LoginPage() {
  usePageTitle('Sign in');
  const returnTo = useReturnTo('/');
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  // Arriving from a verified sign-up: the email is filled in. The return path goes on to sign-up.
  const state = useLocation().state as {
    email?: string;
    from?: unknown;
    challenge?: string;
    methods?: SecondFactorChallenge['methods'];
  } | null;
  const prefilled = state?.email;
  // A second factor is asked for (decision 190): after the password, or after Google (its state).
  const [challenge, setChallenge] = useState<Pick<SecondFactorChallenge, 'challenge' | 'methods'> | undefined>(
    state?.challenge ? { challenge: state.challenge, methods: state.methods ?? ['totp', 'recovery_code'] } : undefined,
  );
  const {
    register,
    handleSubmit,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginForm), defaultValues: { email: prefilled ?? '', password: '', remember: false } });
  useEffect(() => {
    if (prefilled) setFocus('password');
  }, [prefilled, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const s = await authApi.login(values.email.trim().toLowerCase(), values.password, values.remember);
      if ('second_factor_required' in s) return setChallenge(s);
      signedIn(s, returnTo);
    } catch (err) {
      toast.error(errorText(err, MSG.loginFailed));
      // An unverified account was just sent a new code: take the member to the code step.
      if (err instanceof ApiError && err.status === 403) {
        navigate('/signup', { state: { verifyEmail: values.email.trim().toLowerCase() } });
      }
    }
  });

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to generate and download your reports."
      footer={
        <>
          New to Assay?{' '}
          <Link to="/signup" state={state?.from ? { from: state.from } : undefined} className="font-medium text-brand-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {challenge ? (
        <SecondFactorStep
          challenge={challenge.challenge}
          methods={challenge.methods}
          onSignedIn={(s) => signedIn(s, returnTo)}
          onRestart={() => setChallenge(undefined)}
        />
      ) : (
        <>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
            <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
            <div className="flex items-center justify-between">
              <CheckboxField label="Remember me" {...register('remember')} />
              <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
                Forgot password?
              </Link>
            </div>
            <Button type="submit" className="w-full" loading={isSubmitting}>
              Sign in
            </Button>
          </form>
          <Divider label="or" />
          <div className="space-y-3">
            <PasskeySignInButton remember={() => getValues('remember')} onSignedIn={(s) => signedIn(s, returnTo)} />
            <GoogleButton returnTo={returnTo} />
          </div>
        </>
      )}
    </AuthCard>
  );
}
