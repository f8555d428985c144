import { MSG, otpField } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';

const schema = z.object({ otp: otpField });

/** The 6-digit code step: input capped at 6 characters, digits only, with a resend link. */
export function OtpForm({
  email,
  submitLabel,
  onSubmit,
  onResend,
}: {
  email: string;
  submitLabel: string;
  onSubmit: (otp: string) => Promise<void>;
  onResend: () => Promise<unknown>;
}) {
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ otp: string }>({ resolver: zodResolver(schema), defaultValues: { otp: '' } });

  return (
    <form onSubmit={handleSubmit(({ otp }) => onSubmit(otp))} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        We sent a 6-digit code to <strong className="text-slate-900">{email}</strong>.
      </p>
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="123456"
        className="text-center text-2xl tracking-[0.5em]"
        error={errors.otp?.message}
        {...register('otp', { setValueAs: (v: string) => v.replace(/\D/g, '').slice(0, 6) })}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {submitLabel}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Didn&apos;t get it?{' '}
        <button
          type="button"
          disabled={resending}
          className="font-medium text-brand-700 hover:underline disabled:opacity-50"
          onClick={async () => {
            setResending(true);
            try {
              await onResend();
              toast.success(MSG.otpSent);
            } catch (err) {
              toast.error(errorText(err));
            } finally {
              setResending(false);
            }
          }}
        >
          Send a new code
        </button>
      </p>
    </form>
  );
}
