import { EXPERT_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { auditExpert } from '../operators/index.ts';
import { releaseRequest } from './release-request.ts';
import { lockRequest } from './review-request-row.ts';

type OfferDeps = Pick<Deps, 'db' | 'queue' | 'config'>;

/** Locks a request offered to or taken by this expert; anyone else's is a 404 (never a 403). */
async function lockOwn(tx: Parameters<typeof lockRequest>[0], id: string, who: ExpertAuth) {
  const req = await lockRequest(tx, id);
  if (req.expert_id !== who.id) throw notFound(EXPERT_MESSAGES.notFound);
  return req;
}

/** The expert takes an offered review on. A repeat answers as the first did. */
export async function acceptOffer(deps: OfferDeps, id: string, who: ExpertAuth): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const req = await lockOwn(tx, id, who);
    if (req.state === 'accepted') return;
    if (req.state !== 'assigned') throw conflict(EXPERT_MESSAGES.notOffered, 'not_offered');
    await tx.query(`UPDATE review_requests SET state = 'accepted', accepted_at = now() WHERE id = $1`, [id]);
    await auditExpert(tx, who, 'review.accepted', `review:${id}`, { report_id: req.report_id });
  });
}

/**
 * The expert declines an offered review: the request ends and its tokens go back to the member,
 * exactly once (decision 230: no automatic reassignment yet; the member may ask again).
 */
export async function declineOffer(deps: OfferDeps, id: string, who: ExpertAuth): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const req = await lockOwn(tx, id, who);
    if (req.state !== 'assigned') throw conflict(EXPERT_MESSAGES.notOffered, 'not_offered');
    await releaseRequest(deps, tx, req, { state: 'declined', by: 'expert' });
    await auditExpert(tx, who, 'review.declined', `review:${id}`, { report_id: req.report_id });
  });
}
