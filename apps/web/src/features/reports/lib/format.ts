import type { BadgeTone } from '../../../components/ui/Badge.tsx';
import type { Report, ReportProgress } from '@assay/shared';

export const STATUS_LABELS: Record<string, string> = {
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** docs/product.md §4: processing, completed and failed have their styles; anything else is neutral. */
export function statusTone(status: string): BadgeTone {
  if (status === 'processing') return 'info';
  if (status === 'completed') return 'success';
  if (status === 'failed') return 'danger';
  return 'neutral';
}

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);

export { formatTokens } from '@assay/shared';

// The one date format of every screen (@assay/shared): the time with its zone.
export { formatDayTime as formatDateTime } from '@assay/shared';

/** The stage of a report in progress, in words: 'Writing sections — 7 of 15'. */
export function stageText(p: ReportProgress): string {
  switch (p.stage) {
    case 'queued':
      return 'Queued — starting shortly';
    case 'outline':
      return 'Planning the outline';
    case 'sections':
      return `Writing sections — ${p.sections_done} of ${p.sections_total}`;
    case 'pdf':
      return 'Building the PDF';
    case 'done':
      return 'Finishing';
    case 'failed':
      return 'Stopped';
  }
}

/** A rough share of the work done, for the progress bar (sections are most of it). */
export function progressPercent(p: ReportProgress): number {
  switch (p.stage) {
    case 'queued':
      return 2;
    case 'outline':
      return 6;
    case 'sections':
      return Math.round(8 + 84 * (p.sections_total > 0 ? Math.min(1, p.sections_done / p.sections_total) : 0));
    case 'pdf':
      return 95;
    case 'done':
    case 'failed':
      return 100;
  }
}

/** A file name for the downloaded PDF: the title without characters file systems reject, or 'report'. */
export function pdfFileName(title: string | undefined | null): string {
  const cleaned = (title ?? '')
    .normalize('NFKC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return `${cleaned || 'report'}.pdf`;
}

/** Search of the loaded page (docs/product.md §5): title or idea, case-insensitive substring. */
export function matchesSearch(report: Pick<Report, 'title' | 'idea'>, search: string): boolean {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return true;
  return report.title.toLocaleLowerCase().includes(q) || report.idea.toLocaleLowerCase().includes(q);
}
