import type { TokenBalance } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';

/**
 * The member's balance, derived from the lots (themselves the ledger's projection): tokens in
 * lots that have not expired yet. Held tokens have already left the lots; a package whose
 * refund is pending stays in its lot but cannot be spent, so it is counted apart.
 */
export async function getBalance(q: Queryable, userId: string): Promise<TokenBalance> {
  const r = await q.query<{
    available: number;
    paid: number;
    promo: number;
    held: number;
    refund_pending: number;
    next_expiry: Date | null;
  }>(
    // Only live lots (remaining > 0, not expired): the spend index's own predicate, so the
    // read walks this member's live lots and nothing else.
    `SELECT coalesce(sum(remaining) FILTER (WHERE NOT refund_pending), 0)::int8 AS available,
            coalesce(sum(remaining) FILTER (WHERE kind = 'paid' AND NOT refund_pending), 0)::int8 AS paid,
            coalesce(sum(remaining) FILTER (WHERE kind = 'promo' AND NOT refund_pending), 0)::int8 AS promo,
            coalesce(sum(remaining) FILTER (WHERE refund_pending), 0)::int8 AS refund_pending,
            min(expires_at) FILTER (WHERE NOT refund_pending) AS next_expiry,
            (SELECT coalesce(sum(amount), 0)::int8 FROM token_holds WHERE user_id = $1 AND state = 'held') AS held
       FROM token_lots WHERE user_id = $1 AND remaining > 0 AND expires_at > now()`,
    [userId],
  );
  const row = r.rows[0]!;
  return {
    available_tokens: row.available,
    paid_tokens: row.paid,
    bonus_tokens: row.promo,
    held_tokens: row.held,
    refund_pending_tokens: row.refund_pending,
    next_expiry: row.next_expiry ? new Date(row.next_expiry).toISOString() : null,
  };
}
