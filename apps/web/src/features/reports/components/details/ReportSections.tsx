import { TIER_LABELS, type Report } from '@assay/shared';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import type { LiveMode } from '../../hooks/useLiveReports.ts';
import { formatDateTime, formatTokens } from '../../lib/format.ts';
import { InventionRecordView } from '../InventionRecordView.tsx';
import { RenameTitle } from '../RenameTitle.tsx';
import { ReportFailure, ReportProgressBar, StatusBadge } from '../ReportStatus.tsx';

/**
 * The report details screen's sections, one component each, so the screen composes them (and
 * later sections, such as an expert review, slot in) without reaching into one another.
 */

/** Title (renamable), the facts, and the PDF's preview and download. */
export function ReportHeader({
  report,
  onPreview,
  onDownload,
  downloading,
}: {
  report: Report;
  onPreview: (report: Report) => void;
  onDownload: (report: Report) => void;
  downloading: boolean;
}) {
  return (
    <div>
      <RenameTitle key={report.id} report={report} />
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-5">
        <Fact label="Status">
          <StatusBadge status={report.status} />
        </Fact>
        <Fact label="Complexity">{TIER_LABELS[report.complexity] ?? report.complexity}</Fact>
        <Fact label="Version">{report.version > 0 ? report.version : '—'}</Fact>
        <Fact label="Created">{formatDateTime(report.created_at)}</Fact>
        <Fact label="Tokens used">{formatTokens(report.tokens_used)}</Fact>
      </dl>
      {report.status === 'completed' && report.pdf_url && (
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => onPreview(report)}>
            Preview
          </Button>
          <Button onClick={() => onDownload(report)} loading={downloading}>
            Download PDF
          </Button>
        </div>
      )}
    </div>
  );
}

/** Progress while it is written; why it stopped when it failed; a change that did not happen. */
export function ReportRunState({ report, mode }: { report: Report; mode: LiveMode | undefined }) {
  if (report.status === 'processing') {
    return (
      <div className="rounded-xl bg-sky-50 px-4 py-3 ring-1 ring-sky-100">
        <p className="mb-2 text-sm font-medium text-sky-900">
          {report.run_kind === 'upgrade'
            ? 'Upgrading your report'
            : report.version > 0
              ? 'Rewriting your report'
              : 'Generating your report'}
        </p>
        <ReportProgressBar report={report} mode={mode} />
      </div>
    );
  }
  if (report.status === 'failed') {
    return (
      <div className="rounded-xl bg-red-50 px-4 py-3 ring-1 ring-red-100">
        <p className="mb-1 text-sm font-medium text-red-900">{report.cancelled ? 'Cancelled' : 'Generation failed'}</p>
        <ReportFailure report={report} />
      </div>
    );
  }
  if (report.error_message) {
    return (
      <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
        {report.error_message}
      </p>
    );
  }
  return null;
}

export function ExecutiveSummarySection({ report }: { report: Report }) {
  return (
    <section aria-labelledby="exec-summary">
      <h4 id="exec-summary" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Executive Summary
      </h4>
      {report.content_preview ? (
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-800">{report.content_preview}</p>
      ) : (
        <p className="mt-2 text-sm text-slate-500">
          {report.status === 'processing'
            ? 'The summary appears here when the report is ready.'
            : 'No summary is available for this report.'}
        </p>
      )}
    </section>
  );
}

export function InventionSection({ report, children }: { report: Report; children?: ReactNode }) {
  return (
    <section aria-labelledby="invention-record">
      <h4 id="invention-record" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {report.record_confirmed ? 'The invention as confirmed' : 'The invention as read from your idea'}
      </h4>
      <div className="mt-2">
        {report.record ? (
          <InventionRecordView record={report.record} />
        ) : (
          <p className="text-sm text-slate-500">
            {report.status === 'processing' ? 'Shown here once your idea has been read.' : 'Not recorded for this report.'}
          </p>
        )}
      </div>
      {children}
    </section>
  );
}

export function IdeaSection({ report }: { report: Report }) {
  return (
    <section aria-labelledby="your-idea">
      <h4 id="your-idea" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Your idea
      </h4>
      {/* Focusable: a long idea scrolls here, and a keyboard must be able to scroll it. */}
      <p
        tabIndex={0}
        className="mt-2 max-h-40 overflow-y-auto rounded-lg bg-slate-50 px-3 py-2 text-sm leading-relaxed whitespace-pre-line text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {report.idea}
      </p>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}
