import { EXPERT_MESSAGES, FOLLOW_UP_MESSAGES, REVIEW_FOLLOW_UP_DAYS, type askFollowUpRequest, type ReviewRequestView } from '@assay/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { mailFollowUpAsked } from './follow-up-mails.ts';
import { findRequest, followUpUntil, toReviewRequestView } from './review-request-row.ts';

/**
 * The member asks the one round of follow-up questions on a delivered review of their own
 * (decision 234), at no charge: nothing is held or spent. Another member's request, an unknown or
 * a malformed id is a 404; one not delivered, past the window or already asked is a 409. "Once" is
 * the follow-up table's primary key: of two rounds sent together one inserts and the other meets
 * the row (`delivered` is final, so no lock is needed, as for the rating). The expert is mailed in
 * the insert's transaction.
 */
export async function askFollowUp(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  id: string,
  userId: string,
  input: z.output<typeof askFollowUpRequest>,
  now = new Date(),
): Promise<ReviewRequestView> {
  const req = await findRequest(deps.db, id, 'q.user_id = $2', [userId]);
  if (req.state !== 'delivered') throw conflict(FOLLOW_UP_MESSAGES.notDelivered, 'not_delivered');
  if (req.follow_up) throw conflict(FOLLOW_UP_MESSAGES.alreadyAsked, 'follow_up_asked');
  if (!followUpUntil(req, now.getTime())) throw conflict(FOLLOW_UP_MESSAGES.windowClosed, 'follow_up_closed');
  if (!req.expert_id) throw conflict(EXPERT_MESSAGES.notFound, 'no_expert');
  const expertId = req.expert_id;
  await deps.db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO review_follow_ups (request_id, questions) VALUES ($1, $2) ON CONFLICT (request_id) DO NOTHING RETURNING request_id`,
      [id, input.questions],
    );
    if (!inserted.rows.length) throw conflict(FOLLOW_UP_MESSAGES.alreadyAsked, 'follow_up_asked');
    await mailFollowUpAsked(deps, tx, {
      expertId,
      count: input.questions.length,
      dueBy: new Date(now.getTime() + REVIEW_FOLLOW_UP_DAYS * 86_400_000),
    });
  });
  return toReviewRequestView(await findRequest(deps.db, id));
}
