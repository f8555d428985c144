import type { Report } from '@assay/shared';
import { Modal } from '../../../components/ui/Modal.tsx';
import type { LiveMode } from '../hooks/useLiveReports.ts';
import { ReportActions } from './details/ReportActions.tsx';
import { ExecutiveSummarySection, IdeaSection, InventionSection, ReportHeader, ReportRunState } from './details/ReportSections.tsx';
import { ReportVersionsSection } from './details/ReportVersionsSection.tsx';

export interface ReportDetailsModalProps {
  report: Report | undefined;
  mode: LiveMode | undefined;
  onClose: () => void;
  onPreview: (report: Report) => void;
  onDownload: (report: Report) => void;
  downloading: boolean;
}

/**
 * One report: its title (renamable), facts, live progress or failure, what the member can do with
 * it (each paid action priced before it is confirmed), the Executive Summary (content_preview), the
 * invention record it is built on, the idea, and its versions. Each part is its own component
 * (details/), composed here.
 */
export function ReportDetailsModal({ report, mode, onClose, onPreview, onDownload, downloading }: ReportDetailsModalProps) {
  return (
    <Modal open={Boolean(report)} onClose={onClose} title="Report details" size="lg">
      {report && (
        <div className="space-y-6">
          <ReportHeader report={report} onPreview={onPreview} onDownload={onDownload} downloading={downloading} />
          <ReportRunState report={report} mode={mode} />
          <ReportActions key={report.id} report={report} onDeleted={onClose} />
          <ExecutiveSummarySection report={report} />
          <InventionSection report={report} />
          <IdeaSection report={report} />
          <ReportVersionsSection report={report} />
        </div>
      )}
    </Modal>
  );
}
