import { INVENTION_FIELDS, type Complexity, type ReviewNeedsExpertReason } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { mailReviewOffered } from './review-mails.ts';
import type { LockedRequest } from './review-request-row.ts';

/**
 * Offers of a review request to experts (decision 227): made by an operator or by the deadlines
 * sweep's matching, each recorded in review_offers with the time by which it must be accepted.
 * Every function here runs inside the caller's transaction, which holds the request's row lock
 * (lockRequest): lock order request row → expert row, as decision 230's assignment.
 */
type OfferDeps = Pick<Deps, 'queue' | 'config'>;

/** The language every report is written in: an expert must read it. */
const REPORT_LANGUAGES = ['en', 'english'];

export type OfferResult = 'offered' | 'unknown' | 'unavailable';

/**
 * Offers a waiting request to one expert, if they have set a password, are not paused and have
 * room (assigned + accepted below capacity, counted under the expert's row lock, so two offers for
 * the last place take turns). The rate for the report's tier is fixed now (what the provider owes
 * on delivery); the offer lapses REVIEW_ACCEPT_HOURS after `now`. The expert is e-mailed.
 */
export async function makeOffer(
  deps: OfferDeps,
  tx: Queryable,
  req: Pick<LockedRequest, 'id' | 'report_id'>,
  expertId: string,
  opts: { by: 'operator' | 'matching'; now: Date },
): Promise<OfferResult> {
  const e = (
    await tx.query<{
      id: string;
      email: string;
      name: string;
      paused: boolean;
      capacity: number;
      active: boolean;
      rates: Record<Complexity, number>;
    }>(
      `SELECT id, email, name, paused, capacity, password_hash IS NOT NULL AS active,
            jsonb_build_object('basic', rate_basic, 'advanced', rate_advanced, 'comprehensive', rate_comprehensive) AS rates
       FROM experts WHERE id = $1 FOR UPDATE`,
      [expertId],
    )
  ).rows[0];
  if (!e) return 'unknown';
  const load = (
    await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM review_requests WHERE expert_id = $1 AND state IN ('assigned', 'accepted')`,
      [e.id],
    )
  ).rows[0]!.n;
  if (!e.active || e.paused || load >= e.capacity) return 'unavailable';
  const complexity = (await tx.query<{ complexity: Complexity }>('SELECT complexity FROM reports WHERE id = $1', [req.report_id])).rows[0]!
    .complexity;
  const u = await tx.query<{ due_at: Date; offer_expires_at: Date }>(
    `UPDATE review_requests SET state = 'assigned', expert_id = $2, expert_rate = $3, assigned_at = $4,
            offer_expires_at = $4::timestamptz + make_interval(hours => $5), needs_expert_reason = NULL, returned_at = NULL
      WHERE id = $1 RETURNING due_at, offer_expires_at`,
    [req.id, e.id, e.rates[complexity], opts.now, deps.config.REVIEW_ACCEPT_HOURS],
  );
  const offer = u.rows[0]!;
  await tx.query(`INSERT INTO review_offers (request_id, expert_id, offered_by, offered_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    req.id,
    e.id,
    opts.by,
    opts.now,
    offer.offer_expires_at,
  ]);
  await mailReviewOffered(deps, tx, { expertEmail: e.email, expertName: e.name, dueAt: offer.due_at, acceptBy: offer.offer_expires_at });
  return 'offered';
}

/** Closes the request's open offer (at most one is open) with its outcome. */
export async function endOffer(
  tx: Queryable,
  requestId: string,
  outcome: 'accepted' | 'declined' | 'timed_out' | 'withdrawn',
  at: Date,
): Promise<void> {
  await tx.query(`UPDATE review_offers SET outcome = $2, ended_at = $3 WHERE request_id = $1 AND outcome IS NULL`, [
    requestId,
    outcome,
    at,
  ]);
}

/**
 * A declined or lapsed offer: the request goes back to the operators' queue needing an expert,
 * with the reason. It holds its tokens still; the deadlines sweep offers it on or ends it.
 */
export async function returnToQueue(tx: Queryable, requestId: string, reason: ReviewNeedsExpertReason, now: Date): Promise<void> {
  await endOffer(tx, requestId, reason, now);
  await tx.query(
    `UPDATE review_requests SET state = 'requested', expert_id = NULL, expert_rate = NULL, assigned_at = NULL, offer_expires_at = NULL,
            needs_expert_reason = $2, returned_at = $3
      WHERE id = $1`,
    [requestId, reason, now],
  );
}

/** How many offers the request has had (by hand or by matching). */
export async function offersMade(tx: Queryable, requestId: string): Promise<number> {
  return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM review_offers WHERE request_id = $1', [requestId])).rows[0]!.n;
}

/**
 * The experts who could take the request on, best first: signed in with the undertaking accepted,
 * not paused, with room, reading the report's language, working in the invention's field (any
 * field when the record could not tell it), and never offered this request before (whoever
 * declined it or let it lapse is not asked again). Least loaded first, then the longest-standing.
 */
export async function suitableExperts(tx: Queryable, req: Pick<LockedRequest, 'id' | 'report_id'>): Promise<string[]> {
  const field = (await tx.query<{ field: string | null }>(`SELECT record->>'field' AS field FROM reports WHERE id = $1`, [req.report_id]))
    .rows[0]?.field;
  const known = INVENTION_FIELDS.find((f) => f.id === field);
  const names = known ? [known.id, known.id.replace(/_/g, ' '), known.label.toLowerCase()] : null;
  const r = await tx.query<{ id: string }>(
    `SELECT e.id FROM experts e
       CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM review_requests q WHERE q.expert_id = e.id AND q.state IN ('assigned', 'accepted')) load
      WHERE e.password_hash IS NOT NULL AND e.undertaking_accepted_at IS NOT NULL AND NOT e.paused AND load.n < e.capacity
        AND EXISTS (SELECT 1 FROM unnest(e.languages) l WHERE lower(l) = ANY($2))
        AND ($3::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest(e.fields) f WHERE lower(trim(f)) = ANY($3)))
        AND NOT EXISTS (SELECT 1 FROM review_offers o WHERE o.request_id = $1 AND o.expert_id = e.id)
      ORDER BY load.n, e.created_at, e.id
      LIMIT 10`,
    [req.id, REPORT_LANGUAGES, names],
  );
  return r.rows.map((row) => row.id);
}
