import { REVIEW_CONTENT_MESSAGES, sectionsFor, TIER_LABELS, type Complexity } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Comments are anchored to sections of the report (decision 233): the schema knows a key is a
 * section at all, only the report's tier knows whether this report has it (a Basic report has no
 * "Claims Analysis"). A comment on a section it lacks is a 400 naming the comment, so the form
 * can say which one to move.
 */
export function checkCommentSections(complexity: Complexity, comments: ReadonlyArray<{ section: string }>): void {
  const inReport = new Set(sectionsFor(complexity).map((s) => s.key as string));
  const bad = comments.findIndex((c) => !inReport.has(c.section));
  if (bad >= 0) throw badRequest(REVIEW_CONTENT_MESSAGES.commentSection(bad + 1, TIER_LABELS[complexity]), 'unknown_section');
}

/**
 * What delivery adds to the review (decision 233), in its transaction: the comments (checked
 * against the report's tier), and the reviewed PDF's row naming the report version the expert
 * reviewed (the current one); the PDF itself is drawn by the job the caller queues after.
 */
export async function recordReviewContent(
  tx: Queryable,
  requestId: string,
  reportId: string,
  comments: ReadonlyArray<{ section: string; text: string }>,
): Promise<void> {
  const report = (
    await tx.query<{ complexity: Complexity; version: number }>('SELECT complexity, version FROM reports WHERE id = $1', [reportId])
  ).rows[0]!;
  checkCommentSections(report.complexity, comments);
  for (const [i, c] of comments.entries()) {
    await tx.query('INSERT INTO expert_review_comments (request_id, n, section, body) VALUES ($1, $2, $3, $4)', [
      requestId,
      i + 1,
      c.section,
      c.text,
    ]);
  }
  await tx.query('INSERT INTO reviewed_pdfs (request_id, report_version) VALUES ($1, $2)', [requestId, report.version]);
}
