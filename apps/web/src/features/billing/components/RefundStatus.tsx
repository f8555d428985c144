import { REFUND_STATUS_LABELS, type PurchaseRefundState, type RefundStatus as Status } from '@assay/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { errorText } from '../../../lib/api.ts';
import { downloadCreditNote } from '../api/refunds.ts';

const TONES: Record<Status, BadgeTone> = {
  requested: 'warning',
  approved: 'info',
  refunded: 'success',
  refund_failed: 'danger',
  declined: 'neutral',
  withdrawn: 'neutral',
};

/**
 * A purchase's refund in the member's purchases list: the state in plain words and, once a
 * refund is approved, its credit note to download. Nothing when no refund was asked for.
 */
export function RefundStatus({ state }: { state: Pick<PurchaseRefundState, 'refund_status' | 'credit_note_number'> }) {
  const [busy, setBusy] = useState(false);
  if (!state.refund_status) return null;
  const note = state.credit_note_number;
  const download = async (n: string) => {
    setBusy(true);
    try {
      await downloadCreditNote(n);
    } catch (err) {
      toast.error(errorText(err, 'Could not download the credit note'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {/* A refunded purchase already says so in its status (Refunded / Partially refunded). */}
      {state.refund_status !== 'refunded' && <Badge tone={TONES[state.refund_status]}>{REFUND_STATUS_LABELS[state.refund_status]}</Badge>}
      {note && (
        <Button variant="ghost" size="sm" loading={busy} onClick={() => void download(note)} aria-label={`Download credit note ${note}`}>
          Credit note {note}
        </Button>
      )}
    </span>
  );
}
