import type { Deps } from '../../deps.ts';
import { notifyReportFailed } from '../notifications/index.ts';
import { releaseHold } from '../tokens/index.ts';

/**
 * Marks a report failed with a message safe to show the member and gives the held tokens
 * back — in one transaction, exactly once, however many times it is called — and tells the
 * member (the mail is queued in that transaction and never fails it).
 */
export async function failReport(
  deps: Pick<Deps, 'db' | 'queue' | 'config' | 'log'>,
  reportId: string,
  message: string,
  leaseOwner?: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // A worker fails only a report it still holds: never one another worker has resumed.
    const r = await tx.query<{ hold_id: string; user_id: string; title: string; tokens_used: number }>(
      `UPDATE reports SET status = 'failed', stage = 'failed', error_message = $2, updated_at = now()
        WHERE id = $1 AND status = 'processing' AND ($3::uuid IS NULL OR lease_owner = $3) RETURNING hold_id, user_id, title, tokens_used`,
      [reportId, message, leaseOwner ?? null],
    );
    const failed = r.rows[0];
    if (!failed) return false;
    await releaseHold(tx, failed.hold_id);
    await notifyReportFailed(deps, tx, { userId: failed.user_id, title: failed.title, tokens: failed.tokens_used });
    return true;
  });
}
