import { MSG, OTP, otpField } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';

const schema = z.object({ otp: otpField });

/** Seconds left until `start(seconds)`'s moment; ticks once a second while there are any. */
function useCooldown(initialSeconds: number) {
  const [clock, setClock] = useState(() => {
    const now = Date.now();
    return { now, until: now + initialSeconds * 1000 };
  });
  const left = Math.max(0, Math.ceil((clock.until - clock.now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const tick = setTimeout(() => setClock((c) => ({ ...c, now: Date.now() })), 1000);
    return () => clearTimeout(tick);
  }, [clock, left]);
  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setClock({ now, until: now + seconds * 1000 });
  }, []);
  return [left, start] as const;
}

const minutesSeconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The 6-digit code step: input capped at 6 characters, digits only, and a resend link that counts
 * down while the server would refuse a new code (OTP.resendSeconds after one was sent, or as long
 * as a refusal's Retry-After says).
 */
export function OtpForm({
  email,
  submitLabel,
  onSubmit,
  onResend,
  resendWaitSeconds = 0,
  defaultCode = '',
}: {
  email: string;
  submitLabel: string;
  onSubmit: (otp: string) => Promise<void>;
  onResend: () => Promise<unknown>;
  /** A code went out a moment ago: how long until a new one may be asked for. */
  resendWaitSeconds?: number;
  /** Filled in from the mail's link (decision 160). */
  defaultCode?: string;
}) {
  const [resending, setResending] = useState(false);
  const [wait, startWait] = useCooldown(resendWaitSeconds);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ otp: string }>({ resolver: zodResolver(schema), defaultValues: { otp: defaultCode } });

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
      toast.success(MSG.otpSent);
      startWait(OTP.resendSeconds);
    } catch (err) {
      toast.error(errorText(err));
      if (err instanceof ApiError && err.status === 429) startWait(err.retryAfterSeconds ?? OTP.resendSeconds);
    } finally {
      setResending(false);
    }
  };

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
          disabled={resending || wait > 0}
          className="font-medium text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-600 disabled:no-underline"
          onClick={() => void resend()}
        >
          Send a new code
        </button>
        {wait > 0 && (
          <span data-testid="resend-wait" className="tabular-nums">
            {' '}
            in {minutesSeconds(wait)}
          </span>
        )}
      </p>
    </form>
  );
}
