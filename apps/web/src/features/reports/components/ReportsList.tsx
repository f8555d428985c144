import { TIER_LABELS, type Report } from '@assay/shared';
import { Button } from '../../../components/ui/Button.tsx';
import type { LiveMode } from '../hooks/useLiveReports.ts';
import { formatDateTime, formatTokens } from '../lib/format.ts';
import { ReportFailure, ReportProgressBar, StatusBadge } from './ReportStatus.tsx';

export interface ReportsListProps {
  reports: readonly Report[];
  modes: ReadonlyMap<string, LiveMode>;
  onOpen: (report: Report) => void;
  onPreview: (report: Report) => void;
  onDownload: (report: Report) => void;
  isDownloading: (id: string) => boolean;
}

const canOpenPdf = (r: Report) => r.status === 'completed' && Boolean(r.pdf_url);

/** The reports of one page: a table from md up, stacked cards on a phone. */
export function ReportsList(props: ReportsListProps) {
  const { reports, modes, onOpen } = props;
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Your reports</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-5 py-3">
                Report
              </th>
              <th scope="col" className="w-48 px-4 py-3">
                Status
              </th>
              <th scope="col" className="hidden w-44 px-4 py-3 lg:table-cell">
                Created
              </th>
              <th scope="col" className="w-24 px-4 py-3 text-right">
                Tokens
              </th>
              <th scope="col" className="w-60 px-5 py-3 text-right lg:w-72">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {reports.map((r) => (
              <tr key={r.id} data-testid="report-row" data-status={r.status} className="align-top hover:bg-slate-50/60">
                <td className="px-5 py-4">
                  <button
                    type="button"
                    onClick={() => onOpen(r)}
                    className="line-clamp-2 text-left font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {r.title}
                  </button>
                  <p className="mt-1 line-clamp-1 text-xs text-slate-500">{r.idea}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {TIER_LABELS[r.complexity] ?? r.complexity}
                    <span className="lg:hidden"> · {formatDateTime(r.created_at)}</span>
                  </p>
                </td>
                <td className="px-4 py-4">
                  <StatusCell report={r} mode={modes.get(r.id)} />
                </td>
                <td className="hidden px-4 py-4 whitespace-nowrap text-slate-600 lg:table-cell">{formatDateTime(r.created_at)}</td>
                <td className="px-4 py-4 text-right text-slate-700 tabular-nums">{formatTokens(r.tokens_used)}</td>
                <td className="px-5 py-4">
                  <Actions {...props} report={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Your reports">
        {reports.map((r) => (
          <li
            key={r.id}
            data-testid="report-card"
            data-status={r.status}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <button
                type="button"
                onClick={() => onOpen(r)}
                className="min-w-0 text-left font-semibold text-slate-900 hover:text-brand-700"
              >
                <span className="line-clamp-2">{r.title}</span>
              </button>
              <StatusBadge status={r.status} />
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {TIER_LABELS[r.complexity] ?? r.complexity} · {formatDateTime(r.created_at)} · {formatTokens(r.tokens_used)} tokens
            </p>
            {r.status === 'processing' && <ReportProgressBar report={r} mode={modes.get(r.id)} className="mt-3" />}
            {r.status === 'failed' && (
              <div className="mt-2">
                <ReportFailure report={r} />
              </div>
            )}
            <div className="mt-3 border-t border-slate-100 pt-3">
              <Actions {...props} report={r} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function StatusCell({ report, mode }: { report: Report; mode: LiveMode | undefined }) {
  return (
    <div className="space-y-2">
      <StatusBadge status={report.status} />
      {report.status === 'processing' && <ReportProgressBar report={report} mode={mode} />}
      {report.status === 'failed' && <ReportFailure report={report} compact />}
    </div>
  );
}

/** Details on every row (a completed report too, not only through its title), then the PDF's actions. */
function Actions({ report, onOpen, onPreview, onDownload, isDownloading }: ReportsListProps & { report: Report }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Button variant="ghost" size="sm" onClick={() => onOpen(report)} aria-label={`Details of ${report.title}`}>
        Details
      </Button>
      {canOpenPdf(report) && (
        <>
          <Button variant="outline" size="sm" onClick={() => onPreview(report)} aria-label={`Preview ${report.title}`}>
            Preview
          </Button>
          <Button size="sm" onClick={() => onDownload(report)} loading={isDownloading(report.id)} aria-label={`Download ${report.title}`}>
            Download
          </Button>
        </>
      )}
    </div>
  );
}
