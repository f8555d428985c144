import { MSG, type ExpertSecurity, type TotpSetup } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { RecoveryCodes, ScanAndConfirm } from '../../../components/ui/TotpEnrolment.tsx';
import { errorText } from '../../../lib/api.ts';
import { expertKeys } from '../api/expert.ts';
import { fetchSecurity, newRecoveryCodes, securityKey, totpDisable, totpEnable, totpSetup } from '../api/expert-access.ts';

type Action = 'setup' | 'disable' | 'codes';
type Step =
  { kind: 'idle' } | { kind: 'password'; action: Action } | { kind: 'scan'; setup: TotpSetup } | { kind: 'recovery'; codes: string[] };

/**
 * The expert's two-factor sign-in (decision 235), with the members' pieces (decision 190): the
 * password again, the QR code and key shown once, a code to confirm, ten recovery codes shown once.
 * `enrol`: the portal's first screen while the operators require it (EXPERT_REQUIRE_2FA) and the
 * expert has no app yet; nothing else opens until it is on.
 */
export function ExpertTwoFactor({ enrol = false }: { enrol?: boolean }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: securityKey, queryFn: ({ signal }) => fetchSecurity(signal) });
  const [step, setStep] = useState<Step>(enrol ? { kind: 'password', action: 'setup' } : { kind: 'idle' });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: securityKey });
    void queryClient.invalidateQueries({ queryKey: expertKeys.me });
  };
  const Heading = enrol ? 'h1' : 'h2';

  return (
    <section aria-labelledby="expert-2fa-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Heading
          id="expert-2fa-title"
          className={enrol ? 'text-xl font-semibold text-slate-900' : 'text-base font-semibold text-slate-900'}
        >
          {enrol ? 'Turn on two-factor sign-in' : 'Two-factor sign-in'}
        </Heading>
        {!enrol && status.data && (
          <Badge tone={status.data.totp_enabled ? 'success' : 'neutral'}>{status.data.totp_enabled ? 'On' : 'Off'}</Badge>
        )}
      </div>
      {enrol && (
        <p className="text-sm text-slate-600">
          Experts here sign in with a code from an authenticator app as well as the password, because you will see members’ unpublished
          inventions. Confirm your password to add one.
        </p>
      )}
      {!status.data ? (
        status.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(status.error)}
          </p>
        ) : (
          <Spinner label="Loading" />
        )
      ) : step.kind === 'password' ? (
        <ConfirmPassword
          action={step.action}
          onCancel={enrol ? undefined : () => setStep({ kind: 'idle' })}
          onDone={(next) => {
            void queryClient.invalidateQueries({ queryKey: securityKey });
            setStep(next);
          }}
        />
      ) : step.kind === 'scan' ? (
        <ScanAndConfirm
          setup={step.setup}
          enable={totpEnable}
          onCancel={() => setStep(enrol ? { kind: 'password', action: 'setup' } : { kind: 'idle' })}
          onEnabled={(codes) => {
            void queryClient.invalidateQueries({ queryKey: securityKey });
            toast.success(MSG.totpEnabled);
            setStep({ kind: 'recovery', codes });
          }}
        />
      ) : step.kind === 'recovery' ? (
        <RecoveryCodes
          heading={enrol ? 'h2' : 'h3'}
          codes={step.codes}
          onDone={() => {
            // Only now: leaving the enrolment screen before the codes are saved would lose them.
            refresh();
            setStep({ kind: 'idle' });
          }}
        />
      ) : (
        <Overview status={status.data} onAction={(action) => setStep({ kind: 'password', action })} />
      )}
    </section>
  );
}

function Overview({ status, onAction }: { status: ExpertSecurity; onAction: (a: Action) => void }) {
  if (!status.totp_enabled) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          Ask for a code from an authenticator app at every sign-in, so a leaked password alone cannot open the inventions you review.
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
        <span data-testid="expert-recovery-left">{status.recovery_codes_left} of 10 recovery codes left.</span>
      </p>
      {status.recovery_codes_left <= 3 && (
        <p className="text-sm text-amber-800">Few recovery codes are left: make new ones so a lost phone cannot lock you out.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => onAction('codes')}>
          New recovery codes
        </Button>
        {status.required ? (
          <p className="text-sm text-slate-600">The operators require two-factor sign-in for experts, so it stays on.</p>
        ) : (
          <Button variant="danger" onClick={() => onAction('disable')}>
            Turn off
          </Button>
        )}
      </div>
    </div>
  );
}

const ACTION_LABEL: Record<Action, string> = {
  setup: 'Continue',
  disable: 'Turn off two-factor sign-in',
  codes: 'Make new recovery codes',
};

function ConfirmPassword({
  action,
  onCancel,
  onDone,
}: {
  action: Action;
  onCancel: (() => void) | undefined;
  onDone: (next: Step) => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const run = useMutation({
    mutationFn: async (): Promise<Step> => {
      if (action === 'setup') return { kind: 'scan', setup: await totpSetup(password) };
      if (action === 'codes') return { kind: 'recovery', codes: (await newRecoveryCodes(password)).recovery_codes };
      toast.success((await totpDisable(password)).message);
      return { kind: 'idle' };
    },
    onSuccess: onDone,
    onError: (err) => {
      setError(errorText(err, MSG.wrongCurrentPassword));
      input.current?.focus();
    },
    meta: { silent: true },
  });
  return (
    <form
      noValidate
      className="max-w-md space-y-3"
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
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
