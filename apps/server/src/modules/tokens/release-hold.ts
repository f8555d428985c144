import type { Queryable } from '../../db/client.ts';
import { isUuid } from '../../lib/sql.ts';
import { lockAccount } from './ledger.ts';

/**
 * The report failed: the held tokens go back to the lots they came from (a lot that expired
 * meanwhile keeps them, expired). Resolves the hold once; a repeat (or a release after a
 * capture) changes nothing and returns false.
 */
export async function releaseHold(tx: Queryable, holdId: string): Promise<boolean> {
  if (!isUuid(holdId)) return false;
  const hold = await tx.query<{ user_id: string }>('SELECT user_id FROM token_holds WHERE id = $1', [holdId]);
  const userId = hold.rows[0]?.user_id;
  if (!userId) return false;
  await lockAccount(tx, userId);
  const r = await tx.query(`UPDATE token_holds SET state = 'released', resolved_at = now() WHERE id = $1 AND state = 'held' RETURNING id`, [
    holdId,
  ]);
  if (!r.rows.length) return false;
  // One release entry per hold entry; the unique (hold_id, lot_id, kind) key forbids a second.
  await tx.query(
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, hold_id)
     SELECT user_id, lot_id, 'release', -amount, hold_id FROM token_ledger
      WHERE hold_id = $1 AND kind = 'hold' ORDER BY id`,
    [holdId],
  );
  return true;
}
