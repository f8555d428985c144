import { createHash } from 'node:crypto';
import type { ExpertReviewSection } from '@assay/report-engine';
import type { ExpertReviewView, ReviewRecommendation } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { loadVersionForRender, renderReportOffThread } from '../reports/index.ts';

interface ReviewedPdfRow {
  report_id: string;
  report_version: number;
  pdf_key: string | null;
  sections: string[] | null;
  questions: string;
  verdicts: ExpertReviewView['verdicts'];
  recommendation: ReviewRecommendation;
  reasons: string;
  answers: string;
  delivered_at: Date;
  expert_name: string;
  rttp_number: string;
}

const readRow = async (db: Deps['db'], requestId: string) =>
  (
    await db.query<ReviewedPdfRow>(
      `SELECT q.report_id, p.report_version, p.pdf_key, q.sections, q.questions, v.verdicts, v.recommendation, v.reasons, v.answers,
            v.delivered_at, e.name AS expert_name, e.rttp_number
       FROM reviewed_pdfs p
       JOIN review_requests q ON q.id = p.request_id
       JOIN expert_reviews v ON v.request_id = p.request_id
       JOIN experts e ON e.id = v.expert_id
      WHERE p.request_id = $1`,
      [requestId],
    )
  ).rows[0];

/**
 * The reviewed PDF of a delivered review, stored once (decision 233): the report's version the
 * expert reviewed, drawn again on a render worker (never on the event loop) with the review as its
 * own section, signed. Answers the stored file's key; 'unavailable' when there is nothing to draw
 * (no delivered review, or a version without a confirmed record).
 *
 * Rendering runs outside any transaction. Each render writes a key of its own and records it only
 * if none is recorded yet (`pdf_key IS NULL`); a render that loses that race (the job and a first
 * download at once) deletes its file and answers the recorded one, so one file is ever served and
 * a recorded file never changes (a trigger refuses it).
 */
export async function storeReviewedPdf(deps: Pick<Deps, 'db' | 'blobs' | 'config'>, requestId: string): Promise<string | 'unavailable'> {
  const row = await readRow(deps.db, requestId);
  if (!row) return 'unavailable';
  if (row.pdf_key) return row.pdf_key;
  const loaded = await loadVersionForRender(deps.db, row.report_id, row.report_version);
  if ('missing' in loaded) return 'unavailable';
  const comments = (
    await deps.db.query<{ section: string; text: string }>(
      'SELECT section, body AS text FROM expert_review_comments WHERE request_id = $1 ORDER BY n',
      [requestId],
    )
  ).rows;
  const expertReview: ExpertReviewSection = {
    expertName: row.expert_name,
    rttpNumber: row.rttp_number,
    deliveredAt: row.delivered_at,
    scope: row.sections,
    questions: row.questions,
    verdicts: row.verdicts,
    recommendation: row.recommendation,
    reasons: row.reasons,
    answers: row.answers,
    comments,
  };
  const pdf = await renderReportOffThread(deps.config, { ...loaded.input, expertReview });
  const key = `reviews/${requestId}/${crypto.randomUUID()}.pdf`;
  await deps.blobs.put(key, pdf, 'application/pdf');
  const stored = await deps.db
    .query(
      `UPDATE reviewed_pdfs SET pdf_key = $2, byte_size = $3, sha256 = $4, stored_at = now() WHERE request_id = $1 AND pdf_key IS NULL RETURNING pdf_key`,
      [requestId, key, pdf.length, createHash('sha256').update(pdf).digest('hex')],
    )
    .catch(async (err: unknown) => {
      await deps.blobs.delete(key).catch(() => undefined);
      throw err;
    });
  if (stored.rows.length) return key;
  await deps.blobs.delete(key).catch(() => undefined);
  return (await readRow(deps.db, requestId))?.pdf_key ?? 'unavailable';
}
