import type { ExpertEarningsRow, ExpertOwnEarnings } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';

/**
 * What the provider owes its experts (decision 234). Each delivered review accrues the rate the
 * expert was offered it at (`expert_rate`, decision 230) once: a row keyed by the request, written
 * in the delivery's own transaction, so the review, the capture of the member's hold and the debt
 * to the expert commit together or not at all. The key is the second guard after the request's
 * row lock: a second accrual for one review is a unique violation that rolls its transaction back.
 */
export async function accrueEarning(tx: Queryable, requestId: string): Promise<void> {
  const r = await tx.query(
    `INSERT INTO expert_earnings (request_id, expert_id, complexity, tokens)
     SELECT q.id, q.expert_id, r.complexity, q.expert_rate
       FROM review_requests q JOIN reports r ON r.id = q.report_id
      WHERE q.id = $1 AND q.state = 'delivered' AND q.expert_id IS NOT NULL AND q.expert_rate IS NOT NULL
     RETURNING request_id`,
    [requestId],
  );
  if (!r.rows.length) throw new Error(`review request ${requestId}: delivered without an expert and a rate to accrue`);
}

/** Per expert: owed (accrued, unpaid) and paid totals, and the last payout; every expert, by name. */
export async function listExpertEarnings(deps: Pick<Deps, 'db'>): Promise<{ experts: ExpertEarningsRow[] }> {
  const r = await deps.db.query<Omit<ExpertEarningsRow, 'last_paid_at'> & { last_paid_at: Date | null }>(
    `SELECT e.id AS expert_id, e.name, e.email, e.rttp_number,
            coalesce(s.owed_tokens, 0)::int AS owed_tokens, coalesce(s.owed_reviews, 0)::int AS owed_reviews,
            coalesce(s.paid_tokens, 0)::int AS paid_tokens, coalesce(s.paid_reviews, 0)::int AS paid_reviews,
            (SELECT max(p.paid_at) FROM expert_payouts p WHERE p.expert_id = e.id) AS last_paid_at
       FROM experts e
       LEFT JOIN LATERAL (
         SELECT sum(tokens) FILTER (WHERE payout_id IS NULL) AS owed_tokens, count(*) FILTER (WHERE payout_id IS NULL) AS owed_reviews,
                sum(tokens) FILTER (WHERE payout_id IS NOT NULL) AS paid_tokens, count(*) FILTER (WHERE payout_id IS NOT NULL) AS paid_reviews
           FROM expert_earnings x WHERE x.expert_id = e.id) s ON true
      ORDER BY e.name, e.id LIMIT 500`,
  );
  return { experts: r.rows.map((row) => ({ ...row, last_paid_at: row.last_paid_at?.toISOString() ?? null })) };
}

/** The expert's own earnings: totals, the newest 100 reviews' amounts and the newest 50 payouts. Never another expert's. */
export async function expertOwnEarnings(deps: Pick<Deps, 'db'>, who: ExpertAuth): Promise<ExpertOwnEarnings> {
  const totals = (
    await deps.db.query<{ owed: number; paid: number }>(
      `SELECT coalesce(sum(tokens) FILTER (WHERE payout_id IS NULL), 0)::int AS owed,
            coalesce(sum(tokens) FILTER (WHERE payout_id IS NOT NULL), 0)::int AS paid
       FROM expert_earnings WHERE expert_id = $1`,
      [who.id],
    )
  ).rows[0]!;
  const earnings = await deps.db.query<{
    request_id: string;
    complexity: ExpertOwnEarnings['earnings'][number]['complexity'];
    tokens: number;
    accrued_at: Date;
    paid_at: Date | null;
  }>(
    `SELECT x.request_id, x.complexity, x.tokens, x.accrued_at, p.paid_at
       FROM expert_earnings x LEFT JOIN expert_payouts p ON p.id = x.payout_id
      WHERE x.expert_id = $1 ORDER BY x.accrued_at DESC, x.request_id LIMIT 100`,
    [who.id],
  );
  const payouts = await deps.db.query<{
    id: string;
    expert_id: string;
    through: string;
    tokens: number;
    reviews: number;
    reference: string;
    paid_at: Date;
  }>(
    `SELECT id, expert_id, to_char(through, 'YYYY-MM-DD') AS through, tokens, reviews, reference, paid_at
       FROM expert_payouts WHERE expert_id = $1 ORDER BY paid_at DESC, id LIMIT 50`,
    [who.id],
  );
  return {
    owed_tokens: totals.owed,
    paid_tokens: totals.paid,
    earnings: earnings.rows.map((x) => ({ ...x, accrued_at: x.accrued_at.toISOString(), paid_at: x.paid_at?.toISOString() ?? null })),
    payouts: payouts.rows.map((p) => ({ ...p, paid_at: p.paid_at.toISOString() })),
  };
}
