import type { ReviewEndReason } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { releaseHold } from '../tokens/index.ts';
import { mailReviewReturned } from './review-mails.ts';
import { endOffer } from './review-offers.ts';

/**
 * Ends an open request whose review will not come (cancelled, or no expert took it on) and
 * returns its tokens. The caller holds the request's row lock and has checked its state, so this
 * runs once per request; releaseHold's conditional update is the second guard (a resolved hold is
 * never released again). An offer still open is withdrawn. The member is e-mailed in the same
 * transaction.
 */
export async function releaseRequest(
  deps: Pick<Deps, 'queue' | 'config'>,
  tx: Queryable,
  req: { id: string; hold_id: string; user_id: string; report_id: string },
  outcome:
    | { state: 'declined' | 'cancelled'; by: 'member' | 'operator' | 'expert' }
    | { state: 'unmatched'; by: 'system'; endReason: ReviewEndReason },
  at: Date = new Date(),
): Promise<void> {
  const endReason = outcome.state === 'unmatched' ? outcome.endReason : null;
  const r = await tx.query<{ price: number; title: string }>(
    `UPDATE review_requests q SET state = $2, resolved_at = $5, resolved_by = $3, end_reason = $4, offer_expires_at = NULL
       FROM reports r WHERE q.id = $1 AND r.id = q.report_id RETURNING q.price, r.title`,
    [req.id, outcome.state, outcome.by, endReason, at],
  );
  await endOffer(tx, req.id, 'withdrawn', at);
  const released = await releaseHold(tx, req.hold_id);
  if (!released) throw new Error(`review request ${req.id}: its hold was already resolved`);
  // The member cancelling knows already; anyone else's decision is news to them.
  if (outcome.by !== 'member') {
    await mailReviewReturned(deps, tx, {
      userId: req.user_id,
      reportId: req.report_id,
      title: r.rows[0]!.title,
      price: r.rows[0]!.price,
      why: outcome.state,
      endReason: endReason ?? undefined,
    });
  }
}
