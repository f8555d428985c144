import { MSG, totpEnableRequest, type SecurityStatus, type TotpSetup } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';
import { authApi } from '../../auth/index.ts';
import { securityKeys } from '../api/keys.ts';

type Action = 'setup' | 'disable' | 'codes';
type Step =
  | { kind: 'idle' }
  | { kind: 'password'; action: Action }
  | { kind: 'scan'; setup: TotpSetup }
  | { kind: 'recovery'; codes: string[] };

/**
 * Two-factor sign-in (decision 190): an authenticator app added with a QR code shown once, ten
 * recovery codes shown once, and every change behind the password.
 */
export function TwoFactorSettings() {
  const status = useQuery({ queryKey: securityKeys.status, queryFn: authApi.security });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.status });

  return (
    <section aria-labelledby="two-factor-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="two-factor-title" className="text-base font-semibold text-slate-900">
          Two-factor sign-in
        </h3>
        {status.data?.totp_enabled && <Badge tone="success">On</Badge>}
        {status.data && !status.data.totp_enabled && status.data.can_use_totp && <Badge>Off</Badge>}
      </div>
      {!status.data ? (
        status.isError ? <p className="text-sm text-red-700">{errorText(status.error, 'Could not load your security settings.')}</p> : <Spinner label="Loading" />
      ) : step.kind === 'password' ? (
        <ConfirmPassword
          action={step.action}
          onCancel={() => setStep({ kind: 'idle' })}
          onDone={(next) => {
            void refresh();
            setStep(next);
          }}
        />
      ) : step.kind === 'scan' ? (
        <ScanAndConfirm
          setup={step.setup}
          onCancel={() => setStep({ kind: 'idle' })}
          onEnabled={(codes) => {
            void refresh();
            toast.success(MSG.totpEnabled);
            setStep({ kind: 'recovery', codes });
          }}
        />
      ) : step.kind === 'recovery' ? (
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
      ) : (
        <Overview status={status.data} onAction={(action) => setStep({ kind: 'password', action })} />
      )}
    </section>
  );
}

function Overview({ status, onAction }: { status: SecurityStatus; onAction: (a: Action) => void }) {
  if (!status.can_use_totp) {
    return (
      <p className="text-sm text-slate-600">
        You sign in with Google, so your Google account’s own 2-Step Verification protects your Assay account.
      </p>
    );
  }
  if (!status.totp_enabled) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          Ask for a code from an authenticator app (Google Authenticator, 1Password, Authy…) at every sign-in, so a leaked password
          alone cannot open your inventions.
        </p>
        <Button variant="outline" onClick={() => onAction('setup')}>
          Turn on two-factor sign-in
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Signing in asks for a code from your authenticator app.{' '}
        <span data-testid="recovery-left">
          {status.recovery_codes_left} of 10 recovery codes left.
        </span>
      </p>
      {status.recovery_codes_left <= 3 && (
        <p className="text-sm text-amber-800">Few recovery codes are left: make new ones so a lost phone cannot lock you out.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => onAction('codes')}>
          New recovery codes
        </Button>
        <Button variant="danger" onClick={() => onAction('disable')}>
          Turn off
        </Button>
      </div>
    </div>
  );
}

const ACTION_LABEL: Record<Action, string> = { setup: 'Continue', disable: 'Turn off two-factor sign-in', codes: 'Make new recovery codes' };

function ConfirmPassword({ action, onCancel, onDone }: { action: Action; onCancel: () => void; onDone: (next: Step) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const run = useMutation({
    mutationFn: async (): Promise<Step> => {
      if (action === 'setup') return { kind: 'scan', setup: await authApi.totpSetup(password) };
      if (action === 'codes') return { kind: 'recovery', codes: (await authApi.newRecoveryCodes(password)).recovery_codes };
      toast.success((await authApi.totpDisable(password)).message);
      return { kind: 'idle' };
    },
    onSuccess: onDone,
    onError: (err) => {
      setError(errorText(err, MSG.wrongCurrentPassword));
      input.current?.focus();
    },
  });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!password) return setError(MSG.currentPasswordRequired);
        run.mutate();
      }}
    >
      <PasswordField
        ref={input}
        label="Confirm your password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={action === 'disable' ? 'danger' : 'primary'} loading={run.isPending}>
          {ACTION_LABEL[action]}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanAndConfirm({ setup, onCancel, onEnabled }: { setup: TotpSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ resolver: zodResolver(totpEnableRequest), defaultValues: { code: '' } });
  useEffect(() => setFocus('code'), [setFocus]);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async ({ code }) => {
        try {
          onEnabled((await authApi.totpEnable(code)).recovery_codes);
        } catch (err) {
          setError('code', { message: errorText(err, MSG.secondFactorFailed) });
          setFocus('code');
        }
      })}
    >
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with your authenticator app.</li>
        <li>Type the 6-digit code the app shows for Assay.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
          alt="QR code to add Assay to your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-2"
        />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-slate-600">Can’t scan it? Enter this key in the app instead:</p>
          <p className="break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-slate-900" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </p>
          <p className="text-xs text-slate-500">It is shown only now. Starting again makes a new one.</p>
        </div>
      </div>
      <TextField
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        className="max-w-40"
        {...register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting}>
          Turn on
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Assay recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-3">
      <h4 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        Save your recovery codes
      </h4>
      <p className="text-sm text-slate-600">
        If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe: they are shown only
        now.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900 sm:grid-cols-3" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => toast.success('Recovery codes copied'),
              () => toast.error('Could not copy: select the codes and copy them'),
            )
          }
        >
          Copy
        </Button>
        <Button variant="outline" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'assay-recovery-codes.txt')}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
