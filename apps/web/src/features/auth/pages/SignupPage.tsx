import { MSG, OTP, signupForm, type SignupForm } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard, Divider } from '../components/AuthCard.tsx';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { OtpForm } from '../components/OtpForm.tsx';
import { takeCodeLink, type CodeLink } from '../lib/code-link.ts';
import { useReturnTo } from '../../../lib/return-to.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

export default function SignupPage() {
  usePageTitle('Sign up');
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = useReturnTo('/reports');
  // Sign-in sends an unverified account here, with a code just mailed.
  const pending = (location.state as { verifyEmail?: string } | null)?.verifyEmail;
  // The password typed at sign-up, in memory only: it settles who owns a contested email.
  const [verifying, setVerifying] = useState<Verifying | undefined>(
    pending ? { email: pending, resendWait: OTP.resendSeconds } : undefined,
  );
  useEffect(() => {
    // Opened from the verification mail's link: the code and its key are in the fragment.
    const link = takeCodeLink();
    if (link) setVerifying({ email: link.email, resendWait: 0, link });
  }, []);
  // Owned here, so "Back to signup" finds what was typed.
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupForm),
    defaultValues: { name: '', email: pending ?? '', phone: '', password: '', confirm_password: '', agree: false },
  });

  if (verifying) {
    const { email, password, resendWait, link } = verifying;
    return (
      <AuthCard title="Verify your email" subtitle="Enter the code to activate your account and receive your free tokens.">
        <OtpForm
          key={link?.key ?? 'typed'}
          email={email}
          submitLabel="Verify email"
          onSubmit={async (otp) => {
            try {
              const key = link?.code === otp ? link.key : undefined;
              const res = await authApi.verifyOtp({ email, otp, ...(password ? { password } : {}), ...(key ? { key } : {}) });
              if (res.password_reset_required) {
                // Someone else signed up with this email too: the owner sets her password by code.
                toast.success(res.message);
                navigate('/forgot-password', { replace: true, state: { resetEmail: email } });
                return;
              }
              toast.success(MSG.emailVerified);
              navigate('/login', {
                replace: true,
                state: { email, from: returnTo === '/reports' ? undefined : { pathname: returnTo } },
              });
            } catch (err) {
              toast.error(errorText(err, MSG.otpFailed));
            }
          }}
          onResend={() => authApi.resendOtp(email)}
          resendWaitSeconds={resendWait}
          defaultCode={link?.code}
        />
        <Button variant="ghost" className="mt-3 w-full" onClick={() => setVerifying(undefined)}>
          Back to signup
        </Button>
      </AuthCard>
    );
  }
  return <SignupFormCard form={form} returnTo={returnTo} onCreated={setVerifying} />;
}

interface Verifying {
  email: string;
  password?: string;
  /** Seconds until the server accepts a request for a new code. */
  resendWait: number;
  /** Arrived from the mail's link. */
  link?: CodeLink;
}

function SignupFormCard({
  form,
  returnTo,
  onCreated,
}: {
  form: UseFormReturn<SignupForm>;
  returnTo: string;
  onCreated: (verifying: Verifying) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (v) => {
    const email = v.email.trim().toLowerCase();
    try {
      await authApi.signup({ name: v.name.trim(), email, phone: v.phone.trim(), password: v.password });
      toast.success(MSG.accountCreated);
      onCreated({ email, password: v.password, resendWait: OTP.resendSeconds });
    } catch (err) {
      // Signed up a moment ago: the code already sent is still good, so go and enter it.
      if (err instanceof ApiError && err.status === 429 && err.detail === MSG.otpResendTooSoon) {
        toast.success(MSG.otpAlreadySent);
        onCreated({ email, password: v.password, resendWait: err.retryAfterSeconds ?? OTP.resendSeconds });
        return;
      }
      toast.error(errorText(err, MSG.signupFailed));
    }
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Sign up free and get tokens for your first Basic report. No credit card needed."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 010 2030"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <CheckboxField
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" target="_blank" className="text-brand-700 underline">
                Terms and Conditions
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" target="_blank" className="text-brand-700 underline">
                Privacy Policy
              </Link>
            </>
          }
          error={errors.agree?.message}
          {...register('agree')}
        />
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Create account
        </Button>
      </form>
      <Divider label="or" />
      <GoogleButton returnTo={returnTo} />
    </AuthCard>
  );
}
