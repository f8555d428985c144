import { EXPERT_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { releaseRequest } from './release-request.ts';
import { mailReviewWithdrawn } from './review-mails.ts';
import { findRequest, lockRequest } from './review-request-row.ts';

type CancelDeps = Pick<Deps, 'db' | 'queue' | 'config'>;

/**
 * The member withdraws a request no expert has accepted yet (an accepted review is work under way:
 * the operator decides). Another member's request is a 404. Exactly one of a cancel and a racing
 * accept, decline or delivery wins: each takes the request's row lock and checks the state.
 */
export async function cancelByMember(deps: CancelDeps, id: string, userId: string) {
  await deps.db.transaction(async (tx) => {
    const req = await lockRequest(tx, id);
    if (req.user_id !== userId) throw notFound(EXPERT_MESSAGES.notFound);
    if (req.state !== 'requested' && req.state !== 'assigned') throw conflict(EXPERT_MESSAGES.cannotCancel, 'cannot_cancel');
    await releaseRequest(deps, tx, req, { state: 'cancelled', by: 'member' });
    // An offer withdrawn from an expert is news to them (decision 235).
    if (req.expert_id) await mailReviewWithdrawn(deps, tx, { expertId: req.expert_id, by: 'member', accepted: false });
  });
  return findRequest(deps.db, id);
}

/** An operator cancels any undelivered request; its tokens go back and the member is told. */
export async function cancelByOperator(deps: CancelDeps, id: string, by: OperatorAuth) {
  await deps.db.transaction(async (tx) => {
    const req = await lockRequest(tx, id);
    if (req.state !== 'requested' && req.state !== 'assigned' && req.state !== 'accepted')
      throw conflict(EXPERT_MESSAGES.cannotCancel, 'cannot_cancel');
    await releaseRequest(deps, tx, req, { state: 'cancelled', by: 'operator' });
    await audit(tx, by, 'review.cancel', `review:${id}`, { report_id: req.report_id, expert_id: req.expert_id });
    if (req.expert_id) await mailReviewWithdrawn(deps, tx, { expertId: req.expert_id, by: 'operator', accepted: req.state === 'accepted' });
  });
  return findRequest(deps.db, id);
}
