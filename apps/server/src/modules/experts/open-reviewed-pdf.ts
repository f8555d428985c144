import { REVIEW_CONTENT_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, serviceUnavailable } from '../../lib/errors.ts';
import { PoolBusyError } from '../../lib/worker-pool.ts';
import { pdfFilename } from '../reports/index.ts';
import { findRequest } from './review-request-row.ts';
import { storeReviewedPdf } from './store-reviewed-pdf.ts';

/**
 * The member's reviewed PDF (decision 233): their own delivered request only (another member's,
 * or an unknown id, is a 404; one not delivered a 409). Served from the store; drawn now, once,
 * if the delivery's job has not stored it yet (or failed), and for reviews delivered before there
 * were reviewed PDFs, from the report's current version.
 */
export async function openReviewedPdf(deps: Pick<Deps, 'db' | 'blobs' | 'config'>, id: string, userId: string) {
  const req = await findRequest(deps.db, id, 'q.user_id = $2', [userId]);
  if (req.state !== 'delivered' || !req.review) throw conflict(REVIEW_CONTENT_MESSAGES.pdfNotDelivered, 'not_delivered');
  await deps.db.query(
    `INSERT INTO reviewed_pdfs (request_id, report_version)
     SELECT q.id, r.version FROM review_requests q JOIN reports r ON r.id = q.report_id WHERE q.id = $1 AND r.version > 0
     ON CONFLICT (request_id) DO NOTHING`,
    [id],
  );
  for (let attempt = 0; ; attempt++) {
    let key: string;
    try {
      key = await storeReviewedPdf(deps, id);
    } catch (err) {
      if (err instanceof PoolBusyError) throw serviceUnavailable(REVIEW_CONTENT_MESSAGES.pdfBusy, 'busy');
      throw err;
    }
    if (key === 'unavailable') throw conflict(REVIEW_CONTENT_MESSAGES.pdfUnavailable, 'unavailable');
    const file = await deps.blobs.get(key);
    if (file) return { ...file, filename: pdfFilename(`${req.report_title} — expert review`) };
    // The recorded file vanished from the store: forget it (keeping the version) and draw it again, once.
    if (attempt > 0) throw conflict(REVIEW_CONTENT_MESSAGES.pdfUnavailable, 'unavailable');
    await deps.db.transaction(async (tx) => {
      const gone = await tx.query<{ report_version: number }>(
        'DELETE FROM reviewed_pdfs WHERE request_id = $1 AND pdf_key = $2 RETURNING report_version',
        [id, key],
      );
      if (gone.rows[0])
        await tx.query('INSERT INTO reviewed_pdfs (request_id, report_version) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          id,
          gone.rows[0].report_version,
        ]);
    });
  }
}
