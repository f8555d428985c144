import {
  REFUND_MESSAGES,
  REFUND_REASON_SHOWN,
  REFUND_STATUS_LABELS,
  REFUND_STATUSES,
  declineRefundBody,
  formatMoney,
  type AdminRefund,
  type AdminRefundSummary,
  type RefundStatus,
} from '@assay/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/Field.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { errorText } from '../../../lib/api.ts';
import { adminKeys } from '../api/keys.ts';
import { refundQuery, refundsApi, refundsQuery } from '../api/refunds.ts';
import { formatCount, formatDateTime } from '../lib/format.ts';
import { DownloadIcon, ListSpinner, LoadError, SectionHeader } from './Shared.tsx';

const TONES: Record<RefundStatus, BadgeTone> = {
  requested: 'warning',
  approved: 'info',
  refunded: 'success',
  refund_failed: 'danger',
  declined: 'neutral',
  withdrawn: 'neutral',
};

type Filter = RefundStatus | 'all';

/**
 * Refunds (issue 16): the members' requests, pending first by default, each with the member,
 * package, amounts, date, reason and state; approve (the provider refunds the amount less the
 * 10 % fee) or decline with a reason. A failed refund can be retried.
 */
export function RefundsTab() {
  const [filter, setFilter] = useState<Filter>('requested');
  const list = useInfiniteQuery(refundsQuery(filter === 'all' ? undefined : filter));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const pending = list.data?.pages[0]?.pending_count ?? 0;
  const [approving, setApproving] = useState<AdminRefundSummary>();
  const [declining, setDeclining] = useState<AdminRefundSummary>();

  return (
    <div className="space-y-5">
      <SectionHeader
        title="Refunds"
        description={
          list.data
            ? `${formatCount(pending)} ${pending === 1 ? 'request waits' : 'requests wait'} for a decision. Approving refunds the amount paid less the 10 % administrative fee and removes the package’s tokens.`
            : 'Refund requests from members.'
        }
      />
      <div className="w-full sm:max-w-xs">
        <SelectField label="Show" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
          <option value="all">All requests</option>
          {REFUND_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'requested' ? 'Waiting for a decision' : REFUND_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {list.data ? (
        items.length === 0 ? (
          <EmptyState title="No refund requests" hint={filter === 'all' ? undefined : 'Try another filter.'} />
        ) : (
          <>
            <ul className="space-y-3" aria-label="Refund requests">
              {items.map((r) => (
                <li key={r.id}>
                  <RefundCard r={r} onApprove={() => setApproving(r)} onDecline={() => setDeclining(r)} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  Show older requests
                </Button>
              </div>
            )}
          </>
        )
      ) : list.isError ? (
        <LoadError what="refund requests" onRetry={() => void list.refetch()} />
      ) : (
        <ListSpinner />
      )}
      {approving && <ApproveDialog r={approving} onClose={() => setApproving(undefined)} />}
      {declining && <DeclineDialog r={declining} onClose={() => setDeclining(undefined)} />}
    </div>
  );
}

function RefundCard({ r, onApprove, onDecline }: { r: AdminRefundSummary; onApprove: () => void; onDecline: () => void }) {
  // The list carries each reason shortened; the whole request is read when asked for (decision 189).
  const [whole, setWhole] = useState(false);
  const full = useQuery({ ...refundQuery(r.id), enabled: whole });
  const reason = whole && full.data ? full.data.reason : r.reason;
  const decisionReason = whole && full.data ? full.data.decision_reason : r.decision_reason;
  const cut = r.reasons_cut && !(whole && full.data);
  // The flag covers both reasons: the one that reaches the bound (in characters) is the one shortened.
  const more = (text: string) => (cut && [...text].length >= REFUND_REASON_SHOWN ? '…' : '');
  return (
    <Card className="p-4 sm:p-5" data-testid="refund-request">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {r.member_name ?? 'Deleted account'}
            <Badge tone={TONES[r.status]}>{REFUND_STATUS_LABELS[r.status]}</Badge>
          </p>
          {r.member_email && (
            <a href={`mailto:${r.member_email}`} className="text-sm break-all text-brand-700 hover:underline">
              {r.member_email}
            </a>
          )}
        </div>
        <time dateTime={r.requested_at} className="text-xs whitespace-nowrap text-slate-500">
          Requested {formatDateTime(r.requested_at)}
        </time>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Item label="Package" value={`${r.package_name} · ${formatCount(r.tokens)} tokens`} />
        <Item label="Paid" value={formatMoney(r.amount_minor, r.currency)} />
        <Item label="Fee (10 %)" value={formatMoney(r.fee_minor, r.currency)} />
        <Item label="Refund" value={formatMoney(r.refund_minor, r.currency)} strong />
      </dl>
      <div className="mt-3 text-sm">
        <p className="text-xs font-medium text-slate-500">Member’s reason</p>
        <p className="break-words whitespace-pre-wrap text-slate-700">
          {reason}
          {more(reason)}
        </p>
      </div>
      {decisionReason && (
        <div className="mt-2 text-sm">
          <p className="text-xs font-medium text-slate-500">Declined by {r.decided_by ?? 'an operator'}</p>
          <p className="break-words whitespace-pre-wrap text-slate-700">
            {decisionReason}
            {more(decisionReason)}
          </p>
        </div>
      )}
      {cut && (
        <div className="mt-2">
          <Button
            size="sm"
            variant="ghost"
            loading={whole && full.isFetching}
            onClick={() => (whole ? void full.refetch() : setWhole(true))}
          >
            Read the whole reason
          </Button>
          {full.isError && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              Could not read the whole request. Try again.
            </p>
          )}
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {r.status === 'requested' && (
          <>
            <Button size="sm" onClick={onApprove}>
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={onDecline}>
              Decline
            </Button>
          </>
        )}
        {r.retryable && (
          <Button size="sm" variant="outline" onClick={onApprove}>
            Retry refund
          </Button>
        )}
        {r.credit_note_number && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void refundsApi.downloadCreditNote(r.credit_note_number!).catch((err: unknown) => toast.error(errorText(err)))}
          >
            <DownloadIcon />
            Credit note {r.credit_note_number}
          </Button>
        )}
        {r.invoice_number && <span className="text-xs text-slate-500">Invoice {r.invoice_number}</span>}
      </div>
    </Card>
  );
}

function Item({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900 tabular-nums' : 'text-slate-800 tabular-nums'}>{value}</dd>
    </div>
  );
}

function useDecision<T>(run: (v: T) => Promise<AdminRefund>, done: string, onClose: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (r) => {
      toast.success(r.status === 'refund_failed' ? 'The provider refused the refund; try again later' : done);
      await client.invalidateQueries({ queryKey: adminKeys.refundLists() });
      await client.invalidateQueries({ queryKey: adminKeys.refund(r.id) });
      onClose();
    },
  });
}

function ApproveDialog({ r, onClose }: { r: AdminRefundSummary; onClose: () => void }) {
  const approve = useDecision(() => refundsApi.approve(r.id), 'Refund approved', onClose);
  return (
    <Modal
      open
      onClose={onClose}
      title={r.status === 'requested' ? 'Approve this refund?' : 'Retry this refund?'}
      dismissible={!approve.isPending}
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          {formatMoney(r.refund_minor, r.currency)} goes back to {r.member_name ?? 'the member'} through the payment provider (
          {formatMoney(r.amount_minor, r.currency)} paid, less the {formatMoney(r.fee_minor, r.currency)} fee).
          {r.status === 'requested' &&
            ` The package’s ${formatCount(r.tokens)} tokens are removed, a credit note is issued and the member is emailed.`}
        </p>
        {approve.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
            {errorText(approve.error)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={approve.isPending}>
            Cancel
          </Button>
          <Button onClick={() => approve.mutate(undefined)} loading={approve.isPending}>
            {r.status === 'requested' ? 'Approve and refund' : 'Retry refund'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function DeclineDialog({ r, onClose }: { r: AdminRefundSummary; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const decline = useDecision((text: string) => refundsApi.decline(r.id, text), 'Refund declined', onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = declineRefundBody.safeParse({ reason });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? REFUND_MESSAGES.declineReasonRequired);
    setFieldError(undefined);
    decline.mutate(parsed.data.reason);
  };
  return (
    <Modal open onClose={onClose} title="Decline this refund" dismissible={!decline.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          {r.member_name ?? 'The member'} is emailed this reason. Their tokens stay in their balance.
        </p>
        <TextAreaField
          label="Reason"
          name="reason"
          value={reason}
          maxLength={1000}
          required
          onChange={(e) => setReason(e.target.value)}
          error={fieldError}
        />
        {decline.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
            {errorText(decline.error)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={decline.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={decline.isPending}>
            Decline
          </Button>
        </div>
      </form>
    </Modal>
  );
}
