import { emailOnlyRequest, MSG, resetPasswordForm, type ResetPasswordForm } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { takeCodeLink, type CodeLink } from '../lib/code-link.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

/**
 * Forgot password: request a code by email, then set a new password with it. Arriving with
 * `resetEmail` in navigation state (a code was already mailed), or from the reset mail's link
 * (decision 160), opens at the second step.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Reset password');
  const sent = (useLocation().state as { resetEmail?: string } | null)?.resetEmail;
  const [link, setLink] = useState<CodeLink>();
  const [email, setEmail] = useState<string | undefined>(sent);
  useEffect(() => {
    const fromMail = takeCodeLink();
    if (fromMail) {
      setLink(fromMail);
      setEmail(fromMail.email);
    }
  }, []);
  // Keyed by the link, so the step opened from it starts with its code filled in.
  return email ? <ResetStep key={link?.key ?? 'typed'} email={email} link={link} /> : <RequestStep onSent={setEmail} />;
}

function RequestStep({ onSent }: { onSent: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(emailOnlyRequest), defaultValues: { email: '' } });
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your account's email and we'll send you a code to set a new password."
      footer={
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit(async ({ email }) => {
          try {
            const res = await authApi.forgotPassword(email);
            toast.success(res.message);
            onSent(email.trim().toLowerCase());
          } catch (err) {
            toast.error(errorText(err));
          }
        })}
      >
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Send reset code
        </Button>
      </form>
    </AuthCard>
  );
}

function ResetStep({ email, link }: { email: string; link?: CodeLink }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { otp: link?.code ?? '', new_password: '', confirm_password: '' },
  });
  return (
    <AuthCard
      title="Set a new password"
      subtitle={
        link ? (
          <>
            Choose a new password for <strong>{email}</strong>.
          </>
        ) : (
          <>
            If an account exists for <strong>{email}</strong>, a code is on its way.
          </>
        )
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit(async (v) => {
          try {
            const key = link?.code === v.otp ? link.key : undefined;
            await authApi.resetPassword({ email, otp: v.otp, new_password: v.new_password, ...(key ? { key } : {}) });
            toast.success(MSG.passwordReset);
            navigate('/login', { replace: true, state: { email } });
          } catch (err) {
            toast.error(errorText(err, MSG.otpFailed));
          }
        })}
      >
        <TextField
          label="Reset code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.otp?.message}
          {...register('otp')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
