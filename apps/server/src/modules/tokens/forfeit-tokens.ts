import type { Queryable } from '../../db/client.ts';
import { lockAccount } from './ledger.ts';

/**
 * The member is deleting the account: every token left in a lot leaves it through the ledger,
 * as 'forfeit' for lots still live and 'expiry' for lots that had already lapsed, so the
 * ledger's sums stay whole after the person is gone. Returns the live tokens forfeited.
 * A package whose refund is pending is not forfeited: it stays held for the operator's
 * decision (docs/decisions/165-pending-refunds-hold-their-lot.md).
 * Call in the deletion's transaction, before the users row goes (that closes the account).
 */
export async function forfeitTokens(tx: Queryable, userId: string): Promise<number> {
  await lockAccount(tx, userId);
  const lots = await tx.query<{ id: string; remaining: number; live: boolean }>(
    `SELECT id, remaining, expires_at > now() AS live FROM token_lots WHERE user_id = $1 AND remaining > 0 AND NOT refund_pending ORDER BY id`,
    [userId],
  );
  let forfeited = 0;
  for (const lot of lots.rows) {
    await tx.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount, note) VALUES ($1, $2, $3, $4, $5)`, [
      userId,
      lot.id,
      lot.live ? 'forfeit' : 'expiry',
      -lot.remaining,
      lot.live ? 'Account deleted' : 'Lot expired',
    ]);
    if (lot.live) forfeited += lot.remaining;
  }
  return forfeited;
}
