import { EXPERT_MESSAGES, type Complexity } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { mailReviewOffered } from './review-mails.ts';
import { findRequest, lockRequest } from './review-request-row.ts';

/**
 * The operator offers a waiting request to an expert who has signed in (password set), is not
 * paused and has room (assigned + accepted below capacity). The expert's row is locked too
 * (request row first, then the expert), so two assignments to one expert with one place left
 * take turns and the second finds no room. The rate for the report's tier is fixed now: it is
 * what the provider owes the expert on delivery.
 */
export async function assignReview(deps: Pick<Deps, 'db' | 'queue' | 'config'>, id: string, expertId: string, by: OperatorAuth) {
  await deps.db.transaction(async (tx) => {
    const req = await lockRequest(tx, id);
    if (req.state !== 'requested') throw conflict(EXPERT_MESSAGES.notRequested, 'not_requested');
    if (!isUuid(expertId)) throw notFound(EXPERT_MESSAGES.notFound);
    const e = (await tx.query<{ id: string; email: string; name: string; paused: boolean; capacity: number; active: boolean; rates: Record<Complexity, number> }>(
      `SELECT id, email, name, paused, capacity, password_hash IS NOT NULL AS active,
              jsonb_build_object('basic', rate_basic, 'advanced', rate_advanced, 'comprehensive', rate_comprehensive) AS rates
         FROM experts WHERE id = $1 FOR UPDATE`,
      [expertId],
    )).rows[0];
    if (!e) throw notFound(EXPERT_MESSAGES.notFound);
    const load = (await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM review_requests WHERE expert_id = $1 AND state IN ('assigned', 'accepted')`, [e.id])).rows[0]!.n;
    if (!e.active || e.paused || load >= e.capacity) throw conflict(EXPERT_MESSAGES.expertUnavailable, 'expert_unavailable');
    const complexity = (await tx.query<{ complexity: Complexity }>('SELECT complexity FROM reports WHERE id = $1', [req.report_id])).rows[0]!.complexity;
    const u = await tx.query<{ due_at: Date }>(
      `UPDATE review_requests SET state = 'assigned', expert_id = $2, expert_rate = $3, assigned_at = now() WHERE id = $1 RETURNING due_at`,
      [id, e.id, e.rates[complexity]],
    );
    await audit(tx, by, 'review.assign', `review:${id}`, { expert_id: e.id, report_id: req.report_id });
    await mailReviewOffered(deps, tx, { expertEmail: e.email, expertName: e.name, dueAt: u.rows[0]!.due_at });
  });
  return findRequest(deps.db, id);
}
