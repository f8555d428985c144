import { MSG, type SecurityStatus, type TotpSetup } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { RecoveryCodes, ScanAndConfirm } from '../../../components/ui/TotpEnrolment.tsx';
import { errorText } from '../../../lib/api.ts';
import { authApi } from '../../auth/index.ts';
import { securityKeys } from '../api/keys.ts';

type Action = 'setup' | 'disable' | 'codes';
type Step =
  { kind: 'idle' } | { kind: 'password'; action: Action } | { kind: 'scan'; setup: TotpSetup } | { kind: 'recovery'; codes: string[] };

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
        status.isError ? (
          <p className="text-sm text-red-700">{errorText(status.error, 'Could not load your security settings.')}</p>
        ) : (
          <Spinner label="Loading" />
        )
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
          enable={authApi.totpEnable}
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
          Ask for a code from an authenticator app (Google Authenticator, 1Password, Authy…) at every sign-in, so a leaked password alone
          cannot open your inventions.
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
        <span data-testid="recovery-left">{status.recovery_codes_left} of 10 recovery codes left.</span>
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

const ACTION_LABEL: Record<Action, string> = {
  setup: 'Continue',
  disable: 'Turn off two-factor sign-in',
  codes: 'Make new recovery codes',
};

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
