import { TIER_LABELS, type Report } from '@assay/shared';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import type { LiveMode } from '../hooks/useLiveReports.ts';
import { formatDateTime, formatTokens } from '../lib/format.ts';
import { InventionRecordView } from './InventionRecordView.tsx';
import { RenameTitle } from './RenameTitle.tsx';
import { ReportFailure, ReportProgressBar, StatusBadge } from './ReportStatus.tsx';

export interface ReportDetailsModalProps {
  report: Report | undefined;
  mode: LiveMode | undefined;
  onClose: () => void;
  onPreview: (report: Report) => void;
  onDownload: (report: Report) => void;
  downloading: boolean;
}

/**
 * One report: its title (renamable), facts, live progress or failure, the Executive Summary
 * (content_preview), the invention record it is built on, and the idea.
 */
export function ReportDetailsModal({ report, mode, onClose, onPreview, onDownload, downloading }: ReportDetailsModalProps) {
  return (
    <Modal open={Boolean(report)} onClose={onClose} title="Report details" size="lg">
      {report && (
        <div className="space-y-6">
          <div>
            <RenameTitle key={report.id} report={report} />
            <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
              <Fact label="Status">
                <StatusBadge status={report.status} />
              </Fact>
              <Fact label="Complexity">{TIER_LABELS[report.complexity] ?? report.complexity}</Fact>
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

          {report.status === 'processing' && (
            <div className="rounded-xl bg-sky-50 px-4 py-3 ring-1 ring-sky-100">
              <p className="mb-2 text-sm font-medium text-sky-900">Generating your report</p>
              <ReportProgressBar report={report} mode={mode} />
            </div>
          )}
          {report.status === 'failed' && (
            <div className="rounded-xl bg-red-50 px-4 py-3 ring-1 ring-red-100">
              <p className="mb-1 text-sm font-medium text-red-900">Generation failed</p>
              <ReportFailure report={report} />
            </div>
          )}

          <section aria-labelledby="exec-summary">
            <h4 id="exec-summary" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Executive Summary
            </h4>
            {report.content_preview ? (
              <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-800">{report.content_preview}</p>
            ) : (
              <p className="mt-2 text-sm text-slate-500">
                {report.status === 'processing' ? 'The summary appears here when the report is ready.' : 'No summary is available for this report.'}
              </p>
            )}
          </section>

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
          </section>

          <section aria-labelledby="your-idea">
            <h4 id="your-idea" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Your idea
            </h4>
            <p className="mt-2 max-h-40 overflow-y-auto rounded-lg bg-slate-50 px-3 py-2 text-sm leading-relaxed whitespace-pre-line text-slate-700">
              {report.idea}
            </p>
          </section>

        </div>
      )}
    </Modal>
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
