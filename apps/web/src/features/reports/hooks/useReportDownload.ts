import { REPORT_MESSAGES, type Report } from '@assay/shared';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { fetchReportPdf } from '../api/download-report.ts';
import { pdfFileName } from '../lib/format.ts';
import { saveBlob } from '../../../lib/download.ts';

/** Downloads a report's PDF under its (sanitised) title; one download per report at a time. */
export function useReportDownload() {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const download = useCallback(async (report: Pick<Report, 'id' | 'title'>) => {
    if (!report.id) {
      toast.error(REPORT_MESSAGES.idMissing);
      return;
    }
    const id = report.id;
    setPending((p) => new Set(p).add(id));
    try {
      const blob = await fetchReportPdf(id);
      saveBlob(blob, pdfFileName(report.title));
    } catch {
      toast.error(REPORT_MESSAGES.downloadFailed);
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(id);
        return next;
      });
    }
  }, []);
  return { download, isDownloading: (id: string) => pending.has(id) };
}
