import type { Db } from '../../db/client.ts';
import { releaseHold } from '../tokens/index.ts';

/**
 * Marks a report failed with a message safe to show the member and gives the held tokens
 * back — in one transaction, exactly once, however many times it is called.
 */
export async function failReport(db: Db, reportId: string, message: string, leaseOwner?: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A worker fails only a report it still holds: never one another worker has resumed.
    const r = await tx.query<{ hold_id: string }>(
      `UPDATE reports SET status = 'failed', stage = 'failed', error_message = $2, updated_at = now()
        WHERE id = $1 AND status = 'processing' AND ($3::uuid IS NULL OR lease_owner = $3) RETURNING hold_id`,
      [reportId, message, leaseOwner ?? null],
    );
    if (!r.rows[0]) return false;
    await releaseHold(tx, r.rows[0].hold_id);
    return true;
  });
}
