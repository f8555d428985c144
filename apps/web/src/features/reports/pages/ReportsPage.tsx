import {
  BUY_TOKENS_THRESHOLD,
  COMPLEXITIES,
  REPORT_MESSAGES,
  REPORT_SORTS,
  REPORT_STATUSES,
  type Complexity,
  type Report,
  type ReportSort,
  type ReportStatus,
} from '@assay/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { balanceQuery, tokenKeys } from '../../billing/index.ts';
import { PurchaseModal, usePurchase } from '../../purchase/index.ts';
import { fetchReport } from '../api/get-report.ts';
import { reportKeys } from '../api/keys.ts';
import { reportsListQuery, type ReportFind } from '../api/list-reports.ts';
import { ReportFinder } from '../components/ReportFinder.tsx';
import { GenerateReportForm } from '../components/GenerateReportForm.tsx';
import { PdfPreviewDialog } from '../components/PdfPreviewDialog.tsx';
import { ReportDetailsModal } from '../components/ReportDetailsModal.tsx';
import { ReportsList } from '../components/ReportsList.tsx';
import { Pagination, ReportsToolbar } from '../components/ReportsToolbar.tsx';
import { useLiveReports } from '../hooks/useLiveReports.ts';
import { useReportDownload } from '../hooks/useReportDownload.ts';
import { formatTokens, matchesSearch, statusLabel } from '../lib/format.ts';

const parseStatus = (v: string | null): ReportStatus | undefined =>
  (REPORT_STATUSES as readonly string[]).includes(v ?? '') ? (v as ReportStatus) : undefined;

const parseFind = (p: URLSearchParams): ReportFind => ({
  q: p.get('q') || undefined,
  sort: (REPORT_SORTS as readonly string[]).includes(p.get('sort') ?? '') ? (p.get('sort') as ReportSort) : undefined,
  complexity: (COMPLEXITIES as readonly string[]).includes(p.get('complexity') ?? '') ? (p.get('complexity') as Complexity) : undefined,
  from: p.get('from') || undefined,
  to: p.get('to') || undefined,
});

const parsePage = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** The member's reports dashboard (docs/product.md §2, §4, §5 and §8). */
export default function ReportsPage() {
  usePageTitle('Reports');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const status = parseStatus(params.get('status'));
  const [search, setSearch] = useState('');
  const [generateOpen, setGenerateOpen] = useState(false);
  // "Duplicate as new idea" opens the form with a report's idea and tier (a new report, a new record).
  const [duplicate, setDuplicate] = useState<{ idea: string; complexity: Report['complexity']; key: number }>();
  // The packages are offered in place; `message` says why when a report could not be paid for.
  const [buy, setBuy] = useState<{ open: boolean; message?: string }>({ open: false });
  // A notification mail links here with ?report=<id>: open that report's details.
  const [detailsId, setDetailsId] = useState<string | undefined>(() => params.get('report') ?? undefined);
  const [preview, setPreview] = useState<Report>();
  const [previewVersion, setPreviewVersion] = useState<number>();

  const balanceQ = useQuery({ ...balanceQuery, refetchOnMount: 'always' });
  const balance = balanceQ.data?.available_tokens;
  const find = useMemo(() => parseFind(params), [params]);
  const list = useQuery(reportsListQuery(page, status, find));
  const reports = list.data?.reports;
  const modes = useLiveReports(reports);
  const { download, isDownloading } = useReportDownload();

  // docs/product.md §8: 'Failed to load reports', once per failure.
  useEffect(() => {
    if (list.isError) toast.error(REPORT_MESSAGES.loadFailed, { id: 'reports-load-failed' });
  }, [list.isError, list.errorUpdatedAt]);

  // A page past the end (e.g. an old link) goes to the last page.
  const pages = list.data?.pages;
  useEffect(() => {
    if (pages !== undefined && page > pages)
      setParams((p) => withParam(p, 'page', pages > 1 ? String(pages) : undefined), { replace: true });
  }, [page, pages, setParams]);

  const visible = useMemo(() => (reports ?? []).filter((r) => matchesSearch(r, search)), [reports, search]);
  // The mail's report may be on another page of the list (or filtered out): then it is asked for
  // by its id, so the link opens it wherever it is.
  const onPage = detailsId ? reports?.find((r) => r.id === detailsId) : undefined;
  const linked = useQuery({
    queryKey: reportKeys.one(detailsId ?? ''),
    queryFn: ({ signal }) => fetchReport(detailsId!, signal),
    enabled: Boolean(detailsId && reports && !onPage),
    retry: false,
  });
  const details = onPage ?? (detailsId && linked.data?.id === detailsId ? linked.data : undefined);
  useEffect(() => {
    // A link to a report that is not (or no longer) the member's: say so once, open nothing.
    if (linked.isError) toast.error(REPORT_MESSAGES.notFound, { id: 'linked-report-missing' });
  }, [linked.isError]);

  const goPage = (n: number) => {
    setParams((p) => withParam(p, 'page', n > 1 ? String(n) : undefined));
    window.scrollTo({ top: 0 });
  };
  const setFind = (f: ReportFind) =>
    setParams((p) => {
      let next = withParam(p, 'page', undefined);
      for (const k of ['q', 'sort', 'complexity', 'from', 'to'] as const) next = withParam(next, k, f[k]);
      return next;
    });
  const setStatus = (s: ReportStatus | undefined) => setParams((p) => withParam(withParam(p, 'status', s), 'page', undefined));

  // Over the generate dialog when that is where tokens ran short: after the purchase the member
  // is back in the form with the idea still there.
  const openBuy = (message?: string) => setBuy(message ? { open: true, message } : { open: true });
  const purchase = usePurchase({ onPurchased: () => setBuy({ open: false }) });

  const onStarted = (report: Report) => {
    setGenerateOpen(false);
    setDuplicate(undefined);
    toast.success('Report generation started', { description: `"${report.title}" — follow its progress here.` });
    setSearch('');
    setParams({});
    void queryClient.invalidateQueries({ queryKey: reportKeys.lists });
    void queryClient.invalidateQueries({ queryKey: tokenKeys.balance });
  };

  const lowBalance = balance !== undefined && balance < BUY_TOKENS_THRESHOLD;

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">My Reports</h1>
          <p className="mt-1 text-sm text-slate-600">Generate, follow and download your technology assessment reports.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <TokenBadge balance={balance} loading={balanceQ.isPending} low={lowBalance} />
          {lowBalance && (
            <Button variant="outline" onClick={() => openBuy()}>
              Buy Tokens
            </Button>
          )}
          <Button
            onClick={() => {
              setDuplicate(undefined);
              setGenerateOpen(true);
            }}
          >
            <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M10 4v12M4 10h12" strokeLinecap="round" />
            </svg>
            Generate Report
          </Button>
        </div>
      </header>

      <ReportFinder find={find} onFind={setFind} />
      <ReportsToolbar search={search} onSearch={setSearch} status={status} onStatus={setStatus} />

      <section aria-label="Reports" aria-busy={list.isFetching || undefined} className="space-y-4">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && !list.data ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center">
            <p className="font-semibold text-red-900">{REPORT_MESSAGES.loadFailed}</p>
            <Button variant="outline" className="mt-4" onClick={() => void list.refetch()} loading={list.isFetching}>
              Try again
            </Button>
          </div>
        ) : list.data && list.data.total === 0 ? (
          find.q || find.complexity || find.from || find.to ? (
            <EmptyState
              title="No report matches your search"
              hint={
                find.q ? `None of your reports mentions “${find.q}” with these filters.` : 'None of your reports matches these filters.'
              }
              action={
                <Button variant="outline" onClick={() => setFind({})}>
                  Clear search
                </Button>
              }
            />
          ) : status ? (
            <EmptyState
              title={`No ${statusLabel(status).toLowerCase()} reports`}
              hint="Try another status, or show all your reports."
              action={
                <Button variant="outline" onClick={() => setStatus(undefined)}>
                  Show all reports
                </Button>
              }
            />
          ) : (
            <EmptyState
              title="No reports yet"
              hint="Describe your technology idea and get an investor-oriented assessment as a PDF."
              action={
                <Button
                  onClick={() => {
                    setDuplicate(undefined);
                    setGenerateOpen(true);
                  }}
                >
                  Generate Report
                </Button>
              }
            />
          )
        ) : list.data ? (
          <>
            {visible.length > 0 ? (
              <ReportsList
                reports={visible}
                modes={modes}
                onOpen={(r) => setDetailsId(r.id)}
                onPreview={(r) => {
                  setPreviewVersion(undefined);
                  setPreview(r);
                }}
                onDownload={(r) => void download(r)}
                isDownloading={isDownloading}
              />
            ) : (
              <EmptyState
                title="No reports on this page match your search"
                hint={`Nothing in the title or idea contains “${search.trim()}”.`}
                action={
                  <Button variant="outline" onClick={() => setSearch('')}>
                    Clear search
                  </Button>
                }
              />
            )}
            <Pagination
              page={list.data.page}
              pages={list.data.pages}
              total={list.data.total}
              onPage={goPage}
              busy={list.isPlaceholderData}
            />
          </>
        ) : null}
      </section>

      <Modal
        open={generateOpen}
        onClose={() => {
          setGenerateOpen(false);
          setDuplicate(undefined);
        }}
        title="Generate Report"
        size="xl"
      >
        <GenerateReportForm
          key={duplicate?.key ?? 0}
          {...(duplicate ? { initialValues: { idea: duplicate.idea, complexity: duplicate.complexity } } : {})}
          balance={balance}
          refundPendingTokens={balanceQ.data?.refund_pending_tokens}
          onStarted={onStarted}
          onInsufficient={({ message }) => openBuy(message)}
          onCancel={() => {
            setGenerateOpen(false);
            setDuplicate(undefined);
          }}
        />
      </Modal>
      <PurchaseModal
        purchase={purchase}
        choosing={buy.open}
        onClose={() => setBuy({ open: false })}
        intro={<ShortBalance balance={balance} message={buy.message} />}
      />
      <ReportDetailsModal
        report={details}
        mode={details ? modes.get(details.id) : undefined}
        onClose={() => setDetailsId(undefined)}
        onPreview={(r, n) => {
          setPreviewVersion(n);
          setDetailsId(undefined);
          setPreview(r);
        }}
        onDownload={(r) => void download(r)}
        downloading={details ? isDownloading(details.id) : false}
        onDuplicate={(r) => {
          setDetailsId(undefined);
          setDuplicate({ idea: r.idea, complexity: r.complexity, key: Date.now() });
          setGenerateOpen(true);
        }}
      />
      <PdfPreviewDialog
        report={preview}
        version={previewVersion}
        onClose={() => {
          setPreview(undefined);
          setPreviewVersion(undefined);
        }}
        onDownload={(r) => void download(r)}
        downloading={preview ? isDownloading(preview.id) : false}
      />
    </div>
  );
}

function withParam(p: URLSearchParams, key: string, value: string | undefined) {
  const next = new URLSearchParams(p);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

function TokenBadge({ balance, loading, low }: { balance: number | undefined; loading: boolean; low: boolean }) {
  return (
    <p
      data-testid="token-balance"
      className={
        low
          ? 'inline-flex items-center gap-2 rounded-full bg-amber-50 px-3.5 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200'
          : 'inline-flex items-center gap-2 rounded-full bg-brand-50 px-3.5 py-2 text-sm font-medium text-brand-900 ring-1 ring-brand-200'
      }
    >
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <circle cx="10" cy="10" r="7" />
        <path d="M10 6.5v7M7.5 10h5" strokeLinecap="round" />
      </svg>
      <span>
        Available tokens:{' '}
        <strong className="font-semibold tabular-nums" data-testid="token-balance-value">
          {balance !== undefined ? formatTokens(balance) : loading ? '…' : '—'}
        </strong>
      </span>
    </p>
  );
}

/**
 * Why the packages are offered: the insufficient-tokens text (docs/product.md §8) when a report could not be
 * paid for (shown here rather than in a toast, which would cover the dialog), else the balance.
 */
function ShortBalance({ balance, message }: { balance: number | undefined; message: string | undefined }) {
  if (!message && balance === undefined) return null;
  return (
    <Banner tone="info">
      {message ?? <>You have {formatTokens(balance ?? 0)} tokens.</>} Tokens are added as soon as the payment is confirmed.
    </Banner>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3" data-testid="reports-loading">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} aria-hidden="true" className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-1/2 rounded bg-slate-100" />
          <div className="mt-4 flex gap-2">
            <div className="h-6 w-20 rounded-full bg-slate-100" />
            <div className="h-6 w-24 rounded-full bg-slate-100" />
          </div>
        </div>
      ))}
      <span role="status" className="sr-only">
        Loading reports
      </span>
    </div>
  );
}
