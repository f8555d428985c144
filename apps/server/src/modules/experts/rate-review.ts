import { EXPERT_MESSAGES, type rateReviewRequest, type ReviewRequestView } from '@assay/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { findRequest, toReviewRequestView } from './review-request-row.ts';

/**
 * The member rates a delivered review of their own report, once (decision 232). Another member's
 * request is a 404, as everywhere; one not delivered, or already rated, is a 409. "Once" is the
 * rating table's primary key: of two ratings sent together one inserts and the other finds the
 * row there, so no lock is needed (delivered is a final state: nothing can move it back).
 */
export async function rateReview(
  deps: Pick<Deps, 'db'>,
  id: string,
  userId: string,
  rating: z.output<typeof rateReviewRequest>,
): Promise<ReviewRequestView> {
  const req = await findRequest(deps.db, id, 'q.user_id = $2', [userId]);
  if (req.state !== 'delivered') throw conflict(EXPERT_MESSAGES.notDelivered, 'not_delivered');
  const inserted = await deps.db.query(
    `INSERT INTO review_ratings (request_id, stars, comment) VALUES ($1, $2, $3) ON CONFLICT (request_id) DO NOTHING RETURNING request_id`,
    [id, rating.stars, rating.comment],
  );
  if (!inserted.rows.length) throw conflict(EXPERT_MESSAGES.alreadyRated, 'already_rated');
  return toReviewRequestView(await findRequest(deps.db, id));
}
