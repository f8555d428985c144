import {
  formatMoney,
  REFUND_FEE_PERCENT,
  REFUND_MESSAGES,
  REFUND_WINDOW_DAYS,
  refundFeeMinor,
  refundRequestBody,
  type RefundView,
} from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { TextAreaField } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { errorText } from '../../../lib/api.ts';
import { requestRefund } from '../api/refunds.ts';
import { formatTokens } from '../lib/history-format.ts';

export interface RefundRequestButtonProps {
  /** The purchase (payment) id. */
  purchaseId: string;
  packageName: string;
  tokens: number;
  /** What was paid, in integer minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** Called with the recorded request (refresh the purchases list here). */
  onRequested?: (refund: RefundView) => void;
  className?: string;
}

/**
 * "Request refund" for one purchase, and its dialog: the Refund Policy's terms with this
 * purchase's figures (fee and refund), a required reason, and the server's answer — its
 * `detail` when it refuses (window passed, tokens used, already asked).
 */
export function RefundRequestButton({ className, ...props }: RefundRequestButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Request refund
      </Button>
      {open && <RefundRequestDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

export function RefundRequestDialog({
  purchaseId,
  packageName,
  tokens,
  amountMinor,
  currency,
  onRequested,
  onClose,
}: Omit<RefundRequestButtonProps, 'className'> & { onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const fee = refundFeeMinor(amountMinor);
  const mutation = useMutation({
    mutationFn: (text: string) => requestRefund(purchaseId, text),
    onSuccess: (refund) => {
      toast.success(REFUND_MESSAGES.requested);
      onRequested?.(refund);
      onClose();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = refundRequestBody.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    mutation.mutate(parsed.data.reason);
  };

  return (
    <Modal open onClose={onClose} title="Request a refund" dismissible={!mutation.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{packageName}</span> · {formatTokens(tokens)} tokens ·{' '}
          {formatMoney(amountMinor, currency)} paid
        </p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-label="Refund amount">
          <dt className="text-slate-600">Amount paid</dt>
          <dd className="text-right tabular-nums">{formatMoney(amountMinor, currency)}</dd>
          <dt className="text-slate-600">Administrative fee ({REFUND_FEE_PERCENT} %)</dt>
          <dd className="text-right tabular-nums">−{formatMoney(fee, currency)}</dd>
          <dt className="font-semibold text-slate-900">You would receive</dt>
          <dd className="text-right font-semibold tabular-nums text-slate-900">{formatMoney(amountMinor - fee, currency)}</dd>
        </dl>
        <p className="text-xs text-slate-600">
          Packages can be refunded within {REFUND_WINDOW_DAYS} days of purchase when none of their tokens has been used. When an operator
          approves, the package’s tokens are removed from your balance and you get a credit note by email.{' '}
          <a href="/refund-policy" target="_blank" rel="noreferrer" className="text-brand-700 underline">
            Refund Policy
          </a>
        </p>
        <TextAreaField
          label="Why are you asking for a refund?"
          name="reason"
          value={reason}
          maxLength={1000}
          required
          onChange={(e) => setReason(e.target.value)}
          error={fieldError}
          hint="Required. An operator reads it before deciding."
        />
        {mutation.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
            {errorText(mutation.error, REFUND_MESSAGES.requestFailed)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Send request
          </Button>
        </div>
      </form>
    </Modal>
  );
}
