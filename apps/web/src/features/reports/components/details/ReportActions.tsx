import { COMPLEXITIES, REPORT_COSTS, TIER_LABELS, upgradePrice, type Complexity, type Report } from '@assay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { errorText } from '../../../../lib/api.ts';
import { tokenKeys, useTokenBalance } from '../../../billing/index.ts';
import { cancelReport, deleteReport, retryReport, upgradeReport } from '../../api/report-actions.ts';
import { reportKeys } from '../../api/keys.ts';
import { formatTokens } from '../../lib/format.ts';
import { PaidActionConfirm } from './PaidActionConfirm.tsx';

type Action = { kind: 'retry' } | { kind: 'cancel' } | { kind: 'delete' } | { kind: 'upgrade'; to: Complexity };

/**
 * What the member can do with the report now: try a failed one again, cancel one being written,
 * upgrade a completed one, delete it. Each opens a confirmation in place that shows its price and
 * the balance after (free ones say what happens), and only the confirmation calls the server.
 */
export function ReportActions({
  report,
  onDeleted,
  onDuplicate,
}: {
  report: Report;
  onDeleted: () => void;
  onDuplicate?: (report: Report) => void;
}) {
  const queryClient = useQueryClient();
  const balance = useTokenBalance().data?.available_tokens;
  const [open, setOpen] = useState<Action>();
  const [done, setDone] = useState<string>();
  // The buttons unmount while a confirmation shows: Back puts focus on the one that opened it.
  const bar = useRef<HTMLDivElement>(null);
  const [returnTo, setReturnTo] = useState<string>();
  useEffect(() => {
    if (!returnTo || open) return;
    bar.current?.querySelector<HTMLButtonElement>(`[data-action="${returnTo}"]`)?.focus();
    setReturnTo(undefined);
  }, [returnTo, open]);

  const act = useMutation({
    mutationFn: async (a: Action) => {
      switch (a.kind) {
        case 'retry':
          return retryReport(report.id);
        case 'cancel':
          return cancelReport(report.id);
        case 'upgrade':
          return upgradeReport(report.id, a.to);
        case 'delete':
          await deleteReport(report.id);
          return undefined;
      }
    },
    onSuccess: (updated, a) => {
      setOpen(undefined);
      void queryClient.invalidateQueries({ queryKey: tokenKeys.balance });
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      if (a.kind === 'delete') return onDeleted();
      if (updated) queryClient.setQueryData(reportKeys.one(report.id), updated);
      setDone(
        a.kind === 'retry'
          ? 'Trying again: follow its progress above.'
          : a.kind === 'cancel'
            ? 'Cancelled. Its tokens are back in your balance.'
            : 'Upgrade started: the current version stays available until the new one is ready.',
      );
    },
  });

  const keyOf = (a: Action) => (a.kind === 'upgrade' ? `upgrade-${a.to}` : a.kind);
  const show = (a: Action) => {
    act.reset();
    setDone(undefined);
    setOpen(a);
  };
  const back = () => {
    if (open) setReturnTo(keyOf(open));
    setOpen(undefined);
  };
  const confirm = (a: Action) => act.mutate(a);
  const error = act.error ? errorText(act.error) : undefined;
  const higher = COMPLEXITIES.slice(COMPLEXITIES.indexOf(report.complexity) + 1);

  if (open) {
    switch (open.kind) {
      case 'retry':
        return (
          <PaidActionConfirm
            title="Try this report again"
            price={REPORT_COSTS[report.complexity]}
            balance={balance}
            confirmLabel="Confirm and try again"
            pending={act.isPending}
            error={error}
            onConfirm={() => confirm(open)}
            onBack={back}
          >
            The same idea and invention record, written again at {TIER_LABELS[report.complexity]}. Its tokens were returned when it stopped;
            trying again holds them again.
          </PaidActionConfirm>
        );
      case 'upgrade':
        return (
          <PaidActionConfirm
            title={`Upgrade to ${TIER_LABELS[open.to]}`}
            price={upgradePrice(report.complexity, open.to)}
            balance={balance}
            confirmLabel={`Confirm upgrade to ${TIER_LABELS[open.to]}`}
            pending={act.isPending}
            error={error}
            onConfirm={() => confirm(open)}
            onBack={back}
          >
            You pay only the difference from {TIER_LABELS[report.complexity]}. The invention record and the evidence found are reused; the
            result is a new version, and this one stays in the version list.
          </PaidActionConfirm>
        );
      case 'cancel':
        return (
          <PaidActionConfirm
            title="Cancel this report?"
            price={0}
            returns={report.tokens_used}
            balance={balance}
            confirmLabel="Cancel report"
            tone="danger"
            pending={act.isPending}
            error={error}
            onConfirm={() => confirm(open)}
            onBack={back}
          >
            Writing stops and the {formatTokens(report.tokens_used)} tokens held for it come back to your balance.
            {report.version > 0 && ' The report stays as its current version.'}
          </PaidActionConfirm>
        );
      case 'delete':
        return (
          <PaidActionConfirm
            title="Delete this report?"
            price={0}
            balance={balance}
            confirmLabel="Delete report"
            tone="danger"
            pending={act.isPending}
            error={error}
            onConfirm={() => confirm(open)}
            onBack={back}
          >
            The report, every version and its PDFs are removed for good. Your token history keeps what it cost.
          </PaidActionConfirm>
        );
    }
  }

  return (
    <div className="space-y-2" ref={bar}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap" role="group" aria-label="Report actions">
        {report.status === 'failed' && (
          <Button data-action="retry" onClick={() => show({ kind: 'retry' })}>
            Try again
          </Button>
        )}
        {report.status === 'processing' && (
          <Button variant="outline" data-action="cancel" onClick={() => show({ kind: 'cancel' })}>
            Cancel report
          </Button>
        )}
        {report.status === 'completed' &&
          higher.map((to) => (
            <Button key={to} variant="outline" data-action={`upgrade-${to}`} onClick={() => show({ kind: 'upgrade', to })}>
              Upgrade to {TIER_LABELS[to]}
            </Button>
          ))}
        {onDuplicate && (
          <Button variant="ghost" onClick={() => onDuplicate(report)}>
            Duplicate as new idea
          </Button>
        )}
        {report.status !== 'processing' && (
          <Button variant="ghost" className="text-red-700 hover:bg-red-50" data-action="delete" onClick={() => show({ kind: 'delete' })}>
            Delete report
          </Button>
        )}
      </div>
      {done && (
        <p role="status" className="text-sm text-emerald-800">
          {done}
        </p>
      )}
    </div>
  );
}
