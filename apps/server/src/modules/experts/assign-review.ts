import { EXPERT_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { makeOffer } from './review-offers.ts';
import { findRequest, lockRequest } from './review-request-row.ts';

/**
 * The operator offers a waiting request (new, or back after a decline or a lapsed offer) to an
 * expert who has signed in (password set), is not paused and has room; makeOffer locks the
 * expert's row (request row first, then the expert), so two assignments to one expert with one
 * place left take turns and the second finds no room. The operator may offer it to anyone, even
 * one who declined it before: matching's rules (decision 227) bind the sweep, not a person.
 */
export async function assignReview(deps: Pick<Deps, 'db' | 'queue' | 'config'>, id: string, expertId: string, by: OperatorAuth) {
  await deps.db.transaction(async (tx) => {
    const req = await lockRequest(tx, id);
    if (req.state !== 'requested') throw conflict(EXPERT_MESSAGES.notRequested, 'not_requested');
    if (!isUuid(expertId)) throw notFound(EXPERT_MESSAGES.notFound);
    const result = await makeOffer(deps, tx, req, expertId, { by: 'operator', now: new Date() });
    if (result === 'unknown') throw notFound(EXPERT_MESSAGES.notFound);
    if (result === 'unavailable') throw conflict(EXPERT_MESSAGES.expertUnavailable, 'expert_unavailable');
    await audit(tx, by, 'review.assign', `review:${id}`, { expert_id: expertId, report_id: req.report_id });
  });
  return findRequest(deps.db, id);
}
