import { EXPERT_MESSAGES } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { auditExpert } from '../operators/index.ts';
import { endOffer, returnToQueue } from './review-offers.ts';
import { lockRequest } from './review-request-row.ts';

type OfferDeps = Pick<Deps, 'db' | 'queue' | 'config'>;

/**
 * Locks a request offered to or taken by this expert. One offered to them before (declined,
 * lapsed) answers 409 as a repeat would; anyone else's is a 404 (never a 403).
 */
async function lockOwn(tx: Queryable, id: string, who: ExpertAuth) {
  const req = await lockRequest(tx, id);
  if (req.expert_id === who.id) return req;
  const before = await tx.query('SELECT 1 FROM review_offers WHERE request_id = $1 AND expert_id = $2 LIMIT 1', [id, who.id]);
  if (before.rows.length) throw conflict(EXPERT_MESSAGES.notOffered, 'not_offered');
  throw notFound(EXPERT_MESSAGES.notFound);
}

/**
 * The expert takes an offered review on, before the offer lapses (decision 227: past its time it
 * is no longer theirs to take, even if the sweep has not yet offered it on). A repeat answers as
 * the first did.
 */
export async function acceptOffer(deps: OfferDeps, id: string, who: ExpertAuth, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const req = await lockOwn(tx, id, who);
    if (req.state === 'accepted') return;
    if (req.state !== 'assigned') throw conflict(EXPERT_MESSAGES.notOffered, 'not_offered');
    if (req.offer_expires_at && req.offer_expires_at <= now) throw conflict(EXPERT_MESSAGES.offerLapsed, 'offer_lapsed');
    await tx.query(`UPDATE review_requests SET state = 'accepted', accepted_at = $2 WHERE id = $1`, [id, now]);
    await endOffer(tx, id, 'accepted', now);
    await auditExpert(tx, who, 'review.accepted', `review:${id}`, { report_id: req.report_id });
  });
}

/**
 * The expert declines an offered review: the request goes back to the operators' queue needing an
 * expert (decision 227), still holding its tokens; the deadlines sweep offers it to another
 * suitable expert (never this one) or ends it and returns the tokens, once.
 */
export async function declineOffer(deps: OfferDeps, id: string, who: ExpertAuth, now = new Date()): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const req = await lockOwn(tx, id, who);
    if (req.state !== 'assigned') throw conflict(EXPERT_MESSAGES.notOffered, 'not_offered');
    await returnToQueue(tx, id, 'declined', now);
    await auditExpert(tx, who, 'review.declined', `review:${id}`, { report_id: req.report_id });
  });
}
