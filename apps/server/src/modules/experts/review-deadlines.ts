import type { ReviewEndReason } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { defineSweep } from '../../jobs/job-definition.ts';
import { audit } from '../operators/index.ts';
import { releaseRequest } from './release-request.ts';
import { mailOfferLapsed, mailReviewOverdue } from './review-mails.ts';
import { makeOffer, offersMade, returnToQueue, suitableExperts } from './review-offers.ts';
import { lockRequest } from './review-request-row.ts';

type SweepDeps = Pick<Deps, 'db' | 'queue' | 'config'>;

export interface ReviewDeadlineResult {
  /** Offers past their accept time, sent back to the queue. */
  lapsed: number;
  /** Requests offered on to another expert by matching. */
  offered: number;
  /** Requests ended with their tokens returned (no expert took them on). */
  unmatched: number;
  /** Accepted reviews past their due time, flagged to the operators. */
  escalated: number;
}

/**
 * The review deadlines (decision 227), in three steps, each request in a transaction of its own
 * under its row lock (lockRequest) with its state read again there, so several sweeps at once, or
 * a sweep racing an expert's answer or an operator, act on a request once: whoever comes second
 * finds it moved on and leaves it. releaseHold's conditional update stays the second guard.
 *
 * 1. An offer not accepted by its time lapses: the request goes back to the queue, 'timed_out'.
 * 2. A request waiting again (declined or lapsed) is offered to the next suitable expert; it ends
 *    'unmatched', its tokens returned and the member told, when REVIEW_MAX_OFFERS offers have been
 *    made, when it has waited REVIEW_ACCEPT_HOURS with nobody suitable (the operators had that
 *    long to offer it by hand), or, like any request still waiting, when its due time passes.
 * 3. An accepted review past its due time is flagged once (escalated_at) for the operators to
 *    chase; no money moves.
 *
 * `now` is the sweep's clock (tests move it forward); the transactions write it, not the
 * database's clock, so a run judges and records one time.
 */
export async function sweepReviewDeadlines(deps: SweepDeps, opts: { now?: Date; limit?: number } = {}): Promise<ReviewDeadlineResult> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? 200;
  const result: ReviewDeadlineResult = { lapsed: 0, offered: 0, unmatched: 0, escalated: 0 };

  const lapsing = await deps.db.query<{ id: string }>(
    `SELECT id FROM review_requests WHERE state = 'assigned' AND offer_expires_at <= $1 ORDER BY offer_expires_at, id LIMIT $2`,
    [now, limit],
  );
  for (const { id } of lapsing.rows) {
    const lapsed = await deps.db.transaction(async (tx) => {
      const req = await lockRequest(tx, id);
      if (req.state !== 'assigned' || !req.offer_expires_at || req.offer_expires_at > now) return false;
      await returnToQueue(tx, id, 'timed_out', now);
      await audit(tx, null, 'review.offer_lapsed', `review:${id}`, { expert_id: req.expert_id, report_id: req.report_id });
      // The expert hears it is no longer theirs (decision 235), in the lapse's transaction: once.
      if (req.expert_id) await mailOfferLapsed(deps, tx, { expertId: req.expert_id, acceptBy: req.offer_expires_at });
      return true;
    });
    if (lapsed) result.lapsed++;
  }

  const waiting = await deps.db.query<{ id: string }>(
    `SELECT id FROM review_requests WHERE state = 'requested' AND (needs_expert_reason IS NOT NULL OR due_at <= $1)
      ORDER BY created_at, id LIMIT $2`,
    [now, limit],
  );
  for (const { id } of waiting.rows) {
    const outcome = await deps.db.transaction(async (tx): Promise<'offered' | 'unmatched' | null> => {
      const req = await lockRequest(tx, id);
      if (req.state !== 'requested') return null;
      const end = async (endReason: ReviewEndReason) => {
        await releaseRequest(deps, tx, req, { state: 'unmatched', by: 'system', endReason }, now);
        await audit(tx, null, 'review.unmatched', `review:${id}`, { report_id: req.report_id, reason: endReason });
        return 'unmatched' as const;
      };
      if (req.due_at <= now) return end('deadline');
      // A new request is the operators' to offer first; only one that came back is matched.
      if (!req.needs_expert_reason) return null;
      if ((await offersMade(tx, id)) >= deps.config.REVIEW_MAX_OFFERS) return end('offers_used');
      for (const expertId of await suitableExperts(tx, req)) {
        if ((await makeOffer(deps, tx, req, expertId, { by: 'matching', now })) === 'offered') {
          await audit(tx, null, 'review.auto_assign', `review:${id}`, {
            expert_id: expertId,
            report_id: req.report_id,
            after: req.needs_expert_reason,
          });
          return 'offered';
        }
      }
      const waitedOut = req.returned_at && req.returned_at.getTime() + deps.config.REVIEW_ACCEPT_HOURS * 3_600_000 <= now.getTime();
      return waitedOut ? end('no_expert') : null;
    });
    if (outcome) result[outcome]++;
  }

  // One statement: the row lock of the UPDATE makes a second sweep wait and then find it flagged.
  result.escalated = await deps.db.transaction(async (tx) => {
    const flagged = await tx.query<{ id: string; report_id: string; expert_id: string; due_at: Date }>(
      `UPDATE review_requests SET escalated_at = $1
        WHERE id IN (SELECT id FROM review_requests WHERE state = 'accepted' AND due_at <= $1 AND escalated_at IS NULL ORDER BY due_at LIMIT $2)
          AND state = 'accepted' AND escalated_at IS NULL
        RETURNING id, report_id, expert_id, due_at`,
      [now, limit],
    );
    for (const r of flagged.rows) {
      await audit(tx, null, 'review.overdue', `review:${r.id}`, { report_id: r.report_id, expert_id: r.expert_id });
      // The operators see the flag in the queue; the expert is mailed (decision 235), once, as it is flagged once.
      await mailReviewOverdue(deps, tx, { expertId: r.expert_id, dueAt: r.due_at });
    }
    return flagged.rows.length;
  });
  return result;
}

/** Every minute: an offer lapses, and a request waiting again is offered on, within a minute of its time. */
export const reviewDeadlinesSweep = defineSweep({
  name: 'experts.review-deadlines',
  everyMs: () => 60_000,
  async run(deps: Deps) {
    const r = await sweepReviewDeadlines(deps);
    if (r.lapsed || r.offered || r.unmatched || r.escalated) deps.log.info(r, 'review deadlines swept');
  },
});
