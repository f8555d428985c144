import type { Queryable } from '../../db/client.ts';
import { isUuid } from '../../lib/sql.ts';

/**
 * The report was delivered: the held tokens are spent for good. Resolves the hold once;
 * a repeat (or a capture after a release) changes nothing and returns false.
 */
export async function captureHold(tx: Queryable, holdId: string): Promise<boolean> {
  if (!isUuid(holdId)) return false;
  // The conditional UPDATE is the guard: of racing resolutions exactly one matches state='held'.
  const r = await tx.query(`UPDATE token_holds SET state = 'captured', resolved_at = now() WHERE id = $1 AND state = 'held' RETURNING id`, [
    holdId,
  ]);
  return r.rows.length === 1;
}
