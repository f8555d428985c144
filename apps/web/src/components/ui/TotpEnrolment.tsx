import { MSG, totpEnableRequest, type TotpSetup } from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { errorText } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { Button } from './Button.tsx';
import { TextField } from './Field.tsx';

/*
 * Adding an authenticator app (decision 190): the QR code and key shown once, a code from the app
 * to confirm it, and the recovery codes shown once. Members' (Profile → Security) and experts'
 * (the expert portal, decision 235) alike; the caller says which endpoint turns it on.
 */

export function ScanAndConfirm({
  setup,
  enable,
  onCancel,
  onEnabled,
}: {
  setup: TotpSetup;
  /** Turns the app on with a code from it; answers the recovery codes. */
  enable: (code: string) => Promise<{ recovery_codes: string[] }>;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
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
          onEnabled((await enable(code)).recovery_codes);
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

export function RecoveryCodes({
  codes,
  onDone,
  heading: Heading = 'h4',
}: {
  codes: string[];
  onDone: () => void;
  /** One level below the section it sits in. */
  heading?: 'h2' | 'h3' | 'h4';
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Assay recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-3">
      <Heading ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        Save your recovery codes
      </Heading>
      <p className="text-sm text-slate-600">
        If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe: they are shown only now.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900 sm:grid-cols-3"
        data-testid="recovery-codes"
      >
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
