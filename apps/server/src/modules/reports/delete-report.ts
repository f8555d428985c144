import { EXPERT_MESSAGES, REPORT_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { lockReport } from './start-run.ts';

/**
 * Deletes a member's report: the row, its sections and versions (and anything else that hangs off
 * it) in one transaction, then its PDFs from the blob store. The ledger keeps its entries (holds
 * name the report by id, which the token history then reads as "a deleted report") and invoices
 * are per payment, so nothing the books need goes. A report being written is cancelled first.
 */
export async function deleteReport(deps: Pick<Deps, 'db' | 'blobs' | 'log'>, id: string, userId: string): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, id, userId);
    if (report.status === 'processing') throw conflict(REPORT_MESSAGES.stillRunning, 'still_running');
    // An open expert review holds tokens and has an expert reading the report (decision 230): it
    // ends first, so its tokens are returned through the ledger rather than cascaded away. The
    // request is created under this same row lock, so none can appear meanwhile.
    const review = await tx.query(`SELECT 1 FROM review_requests WHERE report_id = $1 AND state IN ('requested', 'assigned', 'accepted')`, [
      id,
    ]);
    if (review.rows.length) throw conflict(EXPERT_MESSAGES.reviewOpen, 'review_open');
    const files = await tx.query<{ pdf_key: string }>(
      `SELECT pdf_key FROM report_versions WHERE report_id = $1 UNION SELECT pdf_key FROM report_share_links WHERE report_id = $1
       UNION SELECT pdf_key FROM reports WHERE id = $1 AND pdf_key IS NOT NULL
       UNION SELECT p.pdf_key FROM reviewed_pdfs p JOIN review_requests q ON q.id = p.request_id WHERE q.report_id = $1 AND p.pdf_key IS NOT NULL`,
      [id],
    );
    await tx.query('DELETE FROM reports WHERE id = $1', [id]);
    return files.rows.map((f) => f.pdf_key);
  });
  // After the commit: a file whose delete fails is only an orphan, never a report without its PDF.
  for (const key of keys) {
    await deps.blobs.delete(key).catch((err: unknown) => deps.log.warn({ err, reportId: id }, 'report file not deleted'));
  }
}
