import { EARNINGS_MESSAGES, EXPERT_MESSAGES, type ExpertPayoutView, type recordPayoutRequest } from '@assay/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';

const PAYOUT_COLUMNS = `id, expert_id, to_char(through, 'YYYY-MM-DD') AS through, tokens, reviews, reference, paid_at, paid_by_username AS paid_by`;
type PayoutRow = Omit<ExpertPayoutView, 'paid_at'> & { paid_at: Date };
const toView = (p: PayoutRow): ExpertPayoutView => ({ ...p, paid_at: p.paid_at.toISOString() });

/**
 * An operator records that the expert was paid everything owed for reviews delivered up to the end
 * of `through` (a UTC day, today at the latest): one payout row, and every such unpaid earning
 * points at it, in one transaction under the expert's row lock, audited. Idempotent: the expert
 * and the day are the payout's key, so recording it again (a double click, a retry after a lost
 * answer) answers the payout already there with `created: false` and changes nothing. Earnings
 * already in a payout are never taken again, so overlapping days cannot pay a review twice.
 */
export async function recordPayout(
  deps: Pick<Deps, 'db'>,
  by: OperatorAuth,
  expertId: string,
  input: z.output<typeof recordPayoutRequest>,
  now = new Date(),
): Promise<{ payout: ExpertPayoutView; created: boolean }> {
  if (input.through > now.toISOString().slice(0, 10)) throw badRequest(EARNINGS_MESSAGES.futureDay, 'future_day');
  return deps.db.transaction(async (tx) => {
    await lockExpert(tx, expertId);
    const existing = await tx.query<PayoutRow>(`SELECT ${PAYOUT_COLUMNS} FROM expert_payouts WHERE expert_id = $1 AND through = $2::date`, [
      expertId,
      input.through,
    ]);
    if (existing.rows[0]) return { payout: toView(existing.rows[0]), created: false };
    // The unpaid earnings the payout covers, locked and fixed here: a review delivered meanwhile
    // is not among them and stays owed, so the payout's sums are exactly the rows it marks.
    const covered = (
      await tx.query<{ request_id: string; tokens: number }>(
        `SELECT request_id, tokens FROM expert_earnings
        WHERE expert_id = $1 AND payout_id IS NULL AND accrued_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
        FOR UPDATE`,
        [expertId, input.through],
      )
    ).rows;
    if (!covered.length) throw conflict(EARNINGS_MESSAGES.nothingOwed, 'nothing_owed');
    const owed = { tokens: covered.reduce((n, x) => n + x.tokens, 0), reviews: covered.length };
    const payout = (
      await tx.query<PayoutRow>(
        `INSERT INTO expert_payouts (expert_id, through, tokens, reviews, reference, paid_by, paid_by_username)
       VALUES ($1, $2::date, $3, $4, $5, $6, $7) RETURNING ${PAYOUT_COLUMNS}`,
        [expertId, input.through, owed.tokens, owed.reviews, input.reference, by.id, by.username],
      )
    ).rows[0]!;
    const marked = await tx.query('UPDATE expert_earnings SET payout_id = $1 WHERE request_id = ANY($2::uuid[]) AND payout_id IS NULL', [
      payout.id,
      covered.map((x) => x.request_id),
    ]);
    // Locked above under the expert's lock: every one is still unpaid. Anything else is a bug.
    if (marked.rowCount !== covered.length) throw new Error(`payout ${payout.id}: ${marked.rowCount} of ${covered.length} earnings marked`);
    await audit(tx, by, 'expert.payout', `expert:${expertId}`, {
      payout_id: payout.id,
      through: input.through,
      tokens: owed.tokens,
      reviews: owed.reviews,
      reference: input.reference,
    });
    return { payout: toView(payout), created: true };
  });
}

async function lockExpert(tx: Queryable, expertId: string) {
  const r = isUuid(expertId) ? await tx.query('SELECT id FROM experts WHERE id = $1 FOR NO KEY UPDATE', [expertId]) : { rows: [] };
  if (!r.rows.length) throw notFound(EXPERT_MESSAGES.notFound);
}
