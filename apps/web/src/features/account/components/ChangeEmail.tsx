import { emailChangeRequest, MSG, otpField, type EmailChangeRequest } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';
import { authApi, passkeyBrowserError, passkeysSupported, signWithPasskey } from '../../auth/index.ts';
import { securityKeys } from '../api/keys.ts';

const codeForm = z.object({ otp: otpField });

/**
 * Changing the e-mail address (decision 190): the password (or the app's code, or a passkey:
 * decisions 193, 228), then a code mailed to the new address. The old address is told, with a link that undoes the change for 7 days.
 */
export function ChangeEmail() {
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | undefined>();
  // With an authenticator app on, its code may stand in for the password (decision 193).
  const [withCode, setWithCode] = useState(false);
  const security = useQuery({ queryKey: securityKeys.status, queryFn: authApi.security, enabled: open });
  // With a passkey, it may stand in for the password too (decision 228).
  const passkeys = useQuery({ queryKey: securityKeys.passkeys, queryFn: authApi.passkeys, enabled: open });
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const withPasskey = async () => {
    if (!(await start.trigger('new_email'))) return;
    const newEmail = start.getValues('new_email');
    setPasskeyBusy(true);
    try {
      const { options } = await authApi.emailChangePasskeyOptions();
      const r = await authApi.requestEmailChange(newEmail, { passkey: await signWithPasskey(options) });
      toast.success(r.message);
      setSentTo(newEmail.trim().toLowerCase());
    } catch (err) {
      toast.error(passkeyBrowserError(err) ?? errorText(err, MSG.reauthPasskeyFailed));
    } finally {
      setPasskeyBusy(false);
    }
  };
  const queryClient = useQueryClient();
  const start = useForm<EmailChangeRequest>({ resolver: zodResolver(emailChangeRequest), defaultValues: { new_email: '', password: '' } });
  const confirm = useForm<{ otp: string }>({ resolver: zodResolver(codeForm), defaultValues: { otp: '' } });
  const close = () => {
    setOpen(false);
    setSentTo(undefined);
    setWithCode(false);
    start.reset();
    confirm.reset();
  };

  return (
    <Card className="p-6">
      <button
        type="button"
        className="flex w-full items-center justify-between text-left"
        aria-expanded={open}
        aria-controls="change-email"
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span className="text-lg font-semibold text-slate-900">Change email</span>
        <svg
          viewBox="0 0 20 20"
          className={`size-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </button>
      {open && !sentTo && (
        <form
          id="change-email"
          noValidate
          className="mt-5 space-y-4"
          onSubmit={start.handleSubmit(async (v) => {
            try {
              const r = await authApi.requestEmailChange(v.new_email, withCode ? { code: v.code } : { password: v.password });
              toast.success(r.message);
              setSentTo(v.new_email.trim().toLowerCase());
            } catch (err) {
              toast.error(errorText(err, MSG.passwordChangeFailed));
            }
          })}
        >
          <TextField
            label="New email"
            type="email"
            autoComplete="email"
            error={start.formState.errors.new_email?.message}
            {...start.register('new_email')}
          />
          {withCode ? (
            <TextField
              label="Code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="max-w-40"
              error={start.formState.errors.code?.message ?? start.formState.errors.password?.message}
              // An empty box is no code: the schema checks a code only when one is given.
              {...start.register('code', { setValueAs: (v: string) => (v === '' || v === undefined ? undefined : v) })}
            />
          ) : (
            <PasswordField
              label="Your password"
              autoComplete="current-password"
              error={start.formState.errors.password?.message}
              {...start.register('password')}
            />
          )}
          {security.data?.totp_enabled && (
            <button
              type="button"
              className="block text-sm font-medium text-brand-700 hover:underline"
              onClick={() => {
                if (withCode) start.setValue('code', undefined);
                else start.setValue('password', '');
                start.clearErrors();
                setWithCode(!withCode);
              }}
            >
              {withCode ? 'Use your password instead' : 'Use a code from your authenticator app instead'}
            </button>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={start.formState.isSubmitting}>
              Send a code to the new address
            </Button>
            {passkeysSupported() && (passkeys.data?.passkeys.length ?? 0) > 0 && (
              <Button variant="outline" loading={passkeyBusy} onClick={() => void withPasskey()}>
                Confirm with a passkey instead
              </Button>
            )}
          </div>
        </form>
      )}
      {open && sentTo && (
        <form
          id="change-email"
          noValidate
          className="mt-5 space-y-4"
          onSubmit={confirm.handleSubmit(async (v) => {
            try {
              const user = await authApi.confirmEmailChange(v.otp);
              queryClient.setQueryData(['me'], user);
              session.setUser(user);
              toast.success(MSG.emailChanged);
              close();
            } catch (err) {
              confirm.setError('otp', { message: errorText(err, MSG.otpFailed) });
            }
          })}
        >
          <p className="text-sm text-slate-700">
            We sent a 6-digit code to <strong className="break-all">{sentTo}</strong>. Enter it to make this your email address.
          </p>
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="max-w-40"
            error={confirm.formState.errors.otp?.message}
            {...confirm.register('otp')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={confirm.formState.isSubmitting}>
              Change email
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
