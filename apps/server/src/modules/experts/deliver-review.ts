import { EXPERT_MESSAGES, type submitReviewRequest } from '@assay/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { auditExpert } from '../operators/index.ts';
import { captureHold } from '../tokens/index.ts';
import { accrueEarning } from './expert-earnings.ts';
import { recordReviewContent } from './review-comments.ts';
import { mailReviewDelivered } from './review-mails.ts';
import { lockRequest } from './review-request-row.ts';
import { reviewedPdfJob } from './reviewed-pdf-job.ts';

/**
 * The expert submits the review of an accepted request: the review is written (immutable), the
 * request is delivered and its hold CAPTURED, in one transaction under the request's row lock, so
 * a racing cancel either came first (409 here) or finds it delivered. captureHold's conditional
 * update is the second guard. The member is e-mailed in the same transaction.
 */
export async function deliverReview(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  id: string,
  who: ExpertAuth,
  review: z.output<typeof submitReviewRequest>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const req = await lockRequest(tx, id);
    if (req.expert_id !== who.id) throw notFound(EXPERT_MESSAGES.notFound);
    if (req.state !== 'accepted')
      throw conflict(req.state === 'assigned' ? EXPERT_MESSAGES.notAccepted : EXPERT_MESSAGES.notOffered, 'not_accepted');
    await tx.query(
      `INSERT INTO expert_reviews (request_id, expert_id, verdicts, recommendation, reasons, answers) VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
      [id, who.id, JSON.stringify(review.verdicts), review.recommendation, review.reasons, review.answers],
    );
    // The section comments and the reviewed PDF's row (decision 233); its PDF is drawn by the job.
    await recordReviewContent(tx, id, req.report_id, review.comments);
    await deps.queue.enqueue(tx, reviewedPdfJob, { request_id: id });
    const r = await tx.query<{ title: string }>(
      `UPDATE review_requests q SET state = 'delivered', resolved_at = now(), resolved_by = 'expert'
         FROM reports r WHERE q.id = $1 AND r.id = q.report_id RETURNING r.title`,
      [id],
    );
    if (!(await captureHold(tx, req.hold_id))) throw new Error(`review request ${id}: its hold was already resolved`);
    // What the provider now owes the expert, once, with the capture (decision 234).
    await accrueEarning(tx, id);
    await auditExpert(tx, who, 'review.delivered', `review:${id}`, { report_id: req.report_id, recommendation: review.recommendation });
    await mailReviewDelivered(deps, tx, {
      userId: req.user_id,
      reportId: req.report_id,
      title: r.rows[0]!.title,
      expertName: who.name,
      recommendation: review.recommendation,
    });
  });
}
