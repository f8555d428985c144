import { REPORT_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findReport } from './find-report.ts';

/** The stored PDF of a completed report: the owner's (ownerId) or, for operators, anyone's. */
export async function openReportPdf(deps: Pick<Deps, 'db' | 'blobs'>, id: string, ownerId: string | undefined) {
  const report = await findReport(deps.db, id, ownerId);
  if (report.status !== 'completed' || !report.pdf_key) throw new AppError(409, REPORT_MESSAGES.notReady, 'not_ready');
  const file = await deps.blobs.get(report.pdf_key);
  if (!file) throw notFound(REPORT_MESSAGES.notFound);
  return { ...file, title: report.title, filename: pdfFilename(report.title) };
}

/** A safe file name from the title, or 'report' (docs/product.md §7). */
export function pdfFilename(title: string): { ascii: string; utf8: string } {
  const cleaned = title
    .normalize('NFKC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  const ascii = cleaned
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { ascii: `${ascii || 'report'}.pdf`, utf8: `${cleaned || 'report'}.pdf` };
}
