import { formatMoney, type AdminReport, type AdminUser, type Transaction } from '@assay/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { ApiError } from '../../../lib/api.ts';
import { downloadReport } from '../api/download-report.ts';
import { adminKeys } from '../api/keys.ts';
import { userReportsQuery, userTransactionsQuery } from '../api/user-details.ts';
import {
  formatCount,
  formatDate,
  paymentIdTail,
  reportTone,
  subscriptionTone,
  titleCase,
  transactionLabel,
  transactionTone,
} from '../lib/format.ts';
import { DownloadIcon } from './Shared.tsx';
import { TokenAdjustmentForm } from './TokenAdjustmentForm.tsx';

/**
 * A member as an expandable card (docs/product.md §2 and §6, the operator's view of a member): expanding loads their
 * subscriptions and reports, collapsing drops them.
 */
export function UserCard({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const panel = useId();
  const toggle = () => {
    if (open) queryClient.removeQueries({ queryKey: adminKeys.user(user.id) });
    setOpen(!open);
  };
  return (
    <Card className={cn('overflow-hidden', open && 'ring-1 ring-brand-200')} data-testid="user-card">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={toggle}
          className="flex w-full items-start gap-3 px-4 py-4 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600/40 sm:items-center sm:px-5"
        >
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
          >
            {(user.name.trim()[0] ?? '?').toUpperCase()}
          </span>
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold text-slate-900">{user.name}</span>
              {user.is_verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Unverified</Badge>}
            </span>
            <span className="mt-0.5 block truncate text-sm text-slate-600">{user.email}</span>
            <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
              <span>
                Plan: <span className="font-medium text-slate-700">{titleCase(user.plan_name)}</span>{' '}
                {user.subscription_status.toLowerCase() !== user.plan_name.toLowerCase() && (
                  <Badge tone={subscriptionTone(user.subscription_status)} className="ml-1">
                    {titleCase(user.subscription_status)}
                  </Badge>
                )}
              </span>
              <span>
                Reports: <span className="font-medium text-slate-700 tabular-nums">{formatCount(user.reports_generated)}</span>
              </span>
              <span>
                Tokens: <span className="font-medium text-slate-700 tabular-nums">{formatCount(user.available_tokens)}</span>
              </span>
              <span>Joined {formatDate(user.created_at)}</span>
            </span>
          </span>
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            className={cn('mt-2 size-5 shrink-0 text-slate-400 transition-transform sm:mt-0', open && 'rotate-180')}
          >
            <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
          </svg>
        </button>
      </h3>
      {open && (
        <div id={panel} className="space-y-6 border-t border-slate-200 bg-slate-50/60 px-4 py-5 sm:px-5">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <Detail label="Phone" value={user.phone ?? '—'} />
            <Detail label="Last login" value={user.last_login ? formatDate(user.last_login) : 'Never'} />
            <Detail label="Member ID" value={user.id} mono />
          </dl>
          <Subscriptions userId={user.id} />
          <TokenAdjustmentForm user={user} />
          <Reports userId={user.id} />
        </div>
      )}
    </Card>
  );
}

function Detail({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={cn('mt-0.5 truncate text-slate-900', mono && 'font-mono text-xs')}>{value}</dd>
    </div>
  );
}

/** Toasts a failed load once per failure. */
function useFailureToast(error: unknown, message: string) {
  useEffect(() => {
    if (!error) return;
    console.error(message, error);
    if (!(error instanceof ApiError && error.status === 401)) toast.error(message);
  }, [error, message]);
}

function Subscriptions({ userId }: { userId: string }) {
  const subs = useInfiniteQuery(userTransactionsQuery(userId));
  useFailureToast(subs.error, 'Failed to fetch user subscriptions');
  const rows = subs.data?.pages.flatMap((p) => p.transactions) ?? [];
  return (
    <section aria-label="Subscriptions">
      <h4 className="text-sm font-semibold text-slate-900">Subscriptions</h4>
      <div className="mt-2">
        {subs.isPending ? (
          <Spinner className="size-5 text-brand-700" label="Loading subscriptions" />
        ) : subs.isError && rows.length === 0 ? (
          <p className="text-sm text-slate-500">Subscriptions could not be loaded.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-500">No token purchases yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {rows.map((t) => (
                <SubscriptionRow key={t.id} t={t} />
              ))}
            </ul>
            {subs.hasNextPage && (
              <div className="mt-2 flex justify-center">
                <Button size="sm" variant="outline" loading={subs.isFetchingNextPage} onClick={() => void subs.fetchNextPage()}>
                  Show older purchases
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function SubscriptionRow({ t }: { t: Transaction }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {t.package_name} <span className="font-normal text-slate-500">· {formatCount(t.tokens)} tokens</span>
        </p>
        <p className="text-xs text-slate-500">
          {formatDate(t.created_at)}
          {t.status === 'paid' && t.active_until && <> · tokens valid until {formatDate(t.active_until)}</>} · Payment{' '}
          {paymentIdTail(t.razorpay_payment_id)}
        </p>
        {t.refund_requested && <p className="text-xs font-medium text-amber-800">Refund requested, waiting for a decision</p>}
        {t.refunded_minor > 0 && (
          <p className="text-xs text-slate-600">
            {formatMoney(t.refunded_minor, t.currency)} refunded · net {formatMoney(t.net_minor, t.currency)}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3">
        <span className="font-medium text-slate-900 tabular-nums">{formatMoney(t.amount_paid, t.currency)}</span>
        <Badge tone={transactionTone(t.status)}>{transactionLabel(t.status)}</Badge>
      </div>
    </li>
  );
}

function Reports({ userId }: { userId: string }) {
  const reports = useInfiniteQuery(userReportsQuery(userId));
  useFailureToast(reports.error, 'Failed to fetch user reports');
  const rows = reports.data?.pages.flatMap((p) => p.reports) ?? [];
  return (
    <section aria-label="Reports">
      <h4 className="text-sm font-semibold text-slate-900">Reports</h4>
      <div className="mt-2">
        {reports.isPending ? (
          <Spinner className="size-5 text-brand-700" label="Loading reports" />
        ) : reports.isError && rows.length === 0 ? (
          <p className="text-sm text-slate-500">Reports could not be loaded.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-500">No reports yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {rows.map((r) => (
                <ReportRow key={r.id} report={r} />
              ))}
            </ul>
            {reports.hasNextPage && (
              <div className="mt-2 flex justify-center">
                <Button size="sm" variant="outline" loading={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()}>
                  Show older reports
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** What the report engine's review found and did, for the operator (collapsed by default). */
function ReviewFindings({ findings }: { findings: NonNullable<AdminReport['review']> }) {
  if (findings.length === 0)
    return (
      <p className="mt-1 text-xs text-slate-500" data-testid="admin-report-review">
        Review: no findings
      </p>
    );
  const open = findings.filter((f) => f.resolution === 'open').length;
  return (
    <details className="mt-1 text-xs text-slate-600" data-testid="admin-report-review">
      <summary className="cursor-pointer text-slate-500">
        Review: {findings.length} {findings.length === 1 ? 'finding' : 'findings'}
        {open > 0 ? `, ${open} open` : ', all resolved'}
      </summary>
      <ul className="mt-1 space-y-1">
        {findings.map((f, i) => (
          <li key={i} className="break-words">
            <span className="font-medium text-slate-700">{f.section.replace(/_/g, ' ')}</span> · {f.kind} ·{' '}
            {f.resolution.replace(/-/g, ' ')} — {f.detail}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ReportRow({ report }: { report: AdminReport }) {
  const [busy, setBusy] = useState(false);
  const onDownload = async () => {
    setBusy(true);
    try {
      await downloadReport(report.id);
      toast.success('Report downloaded');
    } catch (err) {
      console.error('Report download failed', err);
      toast.error(err instanceof ApiError ? 'Failed to download report' : 'Download failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm" data-testid="admin-report">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{report.title}</p>
        <p className="text-xs text-slate-500">
          {formatDate(report.created_at)} · {titleCase(report.plan_name)}
        </p>
        {report.status === 'failed' && report.error_message && (
          <p className="mt-1 text-xs break-words text-red-700" data-testid="admin-report-error">
            Failed: {report.error_message}
          </p>
        )}
        {report.review && <ReviewFindings findings={report.review} />}
      </div>
      {report.file_url ? (
        <Button size="sm" variant="outline" loading={busy} onClick={() => void onDownload()} aria-label={`Download PDF of ${report.title}`}>
          {!busy && <DownloadIcon />}
          Download PDF
        </Button>
      ) : (
        <Badge tone={reportTone(report.status)}>{titleCase(report.status)}</Badge>
      )}
    </li>
  );
}
