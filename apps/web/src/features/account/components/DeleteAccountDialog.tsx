import {
  ACCOUNT_MESSAGES,
  deleteAccountCodeForm,
  deleteAccountPasswordForm,
  formatTokens,
  type DeleteAccountRequest,
  type User,
} from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { errorText } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';
import { balanceQuery } from '../../billing/index.ts';
import { deleteAccount, requestDeletionCode } from '../api/delete-account.ts';

interface Props {
  user: User;
  open: boolean;
  onClose: () => void;
}

/**
 * Confirms deleting the account: says what will be lost (the token balance first), then asks
 * for the password, or for a Google account a code sent by email.
 */
export function DeleteAccountDialog({ user, open, onClose }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const confirm = async (proof: DeleteAccountRequest) => {
    setBusy(true);
    try {
      await deleteAccount(proof);
      // Every session already ended on the server: end this one as logging out does.
      session.clear();
      queryClient.clear();
      toast.success(ACCOUNT_MESSAGES.accountDeleted);
      navigate('/login', { replace: true });
    } catch (err) {
      toast.error(errorText(err, ACCOUNT_MESSAGES.deleteFailed));
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Delete your account" dismissible={!busy}>
      <div className="space-y-5">
        <WhatIsLost reportsGenerated={user.reports_generated} />
        {user.auth_provider === 'password' ? (
          <PasswordConfirmation busy={busy} onConfirm={confirm} onCancel={onClose} />
        ) : (
          <CodeConfirmation email={user.email} busy={busy} onConfirm={confirm} onCancel={onClose} />
        )}
      </div>
    </Modal>
  );
}

function WhatIsLost({ reportsGenerated }: { reportsGenerated: number }) {
  const balance = useQuery({ ...balanceQuery, refetchOnMount: 'always' });
  const tokens = balance.data?.available_tokens;
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">This cannot be undone.</p>
      <ul className="mt-2 list-disc space-y-1.5 pl-5">
        <li data-testid="forfeit-warning">
          {tokens === undefined ? (
            balance.isError ? (
              'Any unused tokens will be forfeited.'
            ) : (
              'Checking your token balance…'
            )
          ) : tokens > 0 ? (
            <>
              Your <strong>{formatTokens(tokens)} unused tokens</strong> will be forfeited, with no refund.
            </>
          ) : (
            'You have no unused tokens.'
          )}
        </li>
        {balance.data?.refund_pending_tokens ? (
          <li data-testid="refund-pending-note">
            Your pending refund request stays open: an operator still decides it, and an approved refund goes back to your original payment
            method. The {formatTokens(balance.data.refund_pending_tokens)} tokens held for it are not forfeited unless it is declined.
          </li>
        ) : null}
        <li>
          Your reports{reportsGenerated > 0 ? ` (${reportsGenerated} generated)` : ''} and their PDFs will be deleted. Download your data
          first if you want a copy.
        </li>
        <li>
          Invoices are kept for the period tax law requires, with your name and contact details removed (see the{' '}
          <Link to="/privacy#retention" className="font-medium underline">
            Privacy Policy
          </Link>
          ).
        </li>
        <li>You will be signed out on every device.</li>
      </ul>
    </div>
  );
}

interface ConfirmationProps {
  busy: boolean;
  onConfirm: (proof: DeleteAccountRequest) => Promise<void>;
  onCancel: () => void;
}

function Actions({ busy, onCancel }: Pick<ConfirmationProps, 'busy' | 'onCancel'>) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Keep my account
      </Button>
      <Button type="submit" variant="danger" loading={busy}>
        Delete my account
      </Button>
    </div>
  );
}

function PasswordConfirmation({ busy, onConfirm, onCancel }: ConfirmationProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ password: string }>({
    resolver: zodResolver(deleteAccountPasswordForm),
    defaultValues: { password: '' },
  });
  return (
    <form noValidate className="space-y-5" onSubmit={handleSubmit((v) => onConfirm({ password: v.password }))}>
      <PasswordField label="Your password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <Actions busy={busy} onCancel={onCancel} />
    </form>
  );
}

function CodeConfirmation({ email, busy, onConfirm, onCancel }: ConfirmationProps & { email: string }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(deleteAccountCodeForm),
    defaultValues: { code: '' },
  });
  const send = async () => {
    setSending(true);
    try {
      toast.success((await requestDeletionCode()).message);
      setSent(true);
    } catch (err) {
      toast.error(errorText(err, ACCOUNT_MESSAGES.deletionCodeMailFailed));
    } finally {
      setSending(false);
    }
  };
  return (
    <form noValidate className="space-y-5" onSubmit={handleSubmit((v) => onConfirm({ code: v.code }))}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Your account signs in with Google, so we confirm by email: we send a 6-digit code to <strong>{email}</strong>.
        </p>
        <Button variant="outline" size="sm" onClick={() => void send()} loading={sending}>
          {sent ? 'Send another code' : 'Email me a code'}
        </Button>
      </div>
      {sent && (
        <TextField
          label="Code from the email"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      {sent && <Actions busy={busy} onCancel={onCancel} />}
    </form>
  );
}
