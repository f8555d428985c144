import type { Report } from '@assay/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import type { LiveMode } from '../hooks/useLiveReports.ts';
import { ReportActions } from './details/ReportActions.tsx';
import { ExecutiveSummarySection, IdeaSection, InventionSection, ReportHeader, ReportRunState } from './details/ReportSections.tsx';
import { ReportVersionsSection } from './details/ReportVersionsSection.tsx';
import { CompareVersions } from './details/CompareVersions.tsx';
import { CorrectRecord } from './details/CorrectRecord.tsx';
import { ReportSectionsList } from './details/ReportSectionsList.tsx';
import { ReportShareSection } from './details/ReportShareSection.tsx';
import { ReportExpertReview } from './details/ReportExpertReview.tsx';

export interface ReportDetailsModalProps {
  report: Report | undefined;
  mode: LiveMode | undefined;
  onClose: () => void;
  /** Opens the PDF in the page: the current one, or an earlier version's. */
  onPreview: (report: Report, version?: number) => void;
  onDownload: (report: Report) => void;
  downloading: boolean;
  /** "Duplicate as new idea": the generate form, pre-filled with this report's idea and tier. */
  onDuplicate?: (report: Report) => void;
}

/**
 * One report: its title (renamable), facts, live progress or failure, what the member can do with
 * it (each paid action priced before it is confirmed), the Executive Summary (content_preview), the
 * invention record it is built on, the idea, and its versions. Each part is its own component
 * (details/), composed here.
 */
export function ReportDetailsModal({ report, mode, onClose, onPreview, onDownload, downloading, onDuplicate }: ReportDetailsModalProps) {
  // "Correct what we understood" shows the record's form in place of the details, as generating does.
  const [correcting, setCorrecting] = useState<string>();
  const [corrected, setCorrected] = useState<string>();
  // Comparing a version with the current one takes the dialog's place too; its title names the step.
  const [comparing, setComparing] = useState<{ id: string; n: number }>();
  const close = () => {
    setCorrecting(undefined);
    setComparing(undefined);
    setCorrected(undefined);
    onClose();
  };
  const compared = report && comparing?.id === report.id ? comparing : undefined;
  return (
    <Modal
      open={Boolean(report)}
      onClose={close}
      title={compared ? 'Compare versions' : 'Report details'}
      size={correcting || compared ? 'xl' : 'lg'}
      step={compared ? 'compare' : 'details'}
    >
      {report && compared ? (
        <CompareVersions report={report} n={compared.n} onBack={() => setComparing(undefined)} />
      ) : report && correcting === report.id && report.record ? (
        <CorrectRecord
          report={report}
          record={report.record}
          onBack={() => setCorrecting(undefined)}
          onDone={(message) => {
            setCorrecting(undefined);
            setCorrected(message);
          }}
        />
      ) : (
        report && (
          <div className="space-y-6">
            <ReportHeader report={report} onPreview={onPreview} onDownload={onDownload} downloading={downloading} />
            <ReportRunState report={report} mode={mode} />
            {corrected && (
              <p role="status" className="text-sm text-emerald-800">
                {corrected}
              </p>
            )}
            <ReportActions key={report.id} report={report} onDeleted={close} {...(onDuplicate ? { onDuplicate } : {})} />
            <ReportExpertReview key={`review-${report.id}`} report={report} />
            <ExecutiveSummarySection report={report} />
            <InventionSection report={report}>
              {report.status === 'completed' && report.record && (
                <Button
                  className="mt-3"
                  variant="outline"
                  onClick={() => {
                    setCorrected(undefined);
                    setCorrecting(report.id);
                  }}
                >
                  Correct what we understood
                </Button>
              )}
            </InventionSection>
            <ReportSectionsList key={`sections-${report.id}`} report={report} />
            <IdeaSection report={report} />
            <ReportVersionsSection
              report={report}
              onOpen={(n) => onPreview(report, n)}
              onCompare={(n) => setComparing({ id: report.id, n })}
            />
            <ReportShareSection key={`share-${report.id}`} report={report} />
          </div>
        )
      )}
    </Modal>
  );
}
