import { REFUND_MESSAGES as M, type RefundView } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { queueRefundRequestMail } from './refund-mails.ts';
import { findRefund, lockRefund, toRefundView } from './refund-row.ts';

/**
 * The member withdraws a refund request still waiting for a decision: it becomes 'withdrawn'
 * (kept, like every request), the package's lot is released by the request's trigger
 * (migration 165) so its tokens can be spent again, and the member is mailed. Withdrawing
 * twice answers the same; a decided request cannot be withdrawn (409). Another member's
 * request is not found. Only the request's row is locked, as the operator's decisions lock it
 * first too, so a withdrawal and an approval at once take turns: exactly one wins.
 */
export async function withdrawRefund(deps: Pick<Deps, 'db' | 'queue' | 'config'>, userId: string, id: string): Promise<RefundView> {
  if (!isUuid(id)) throw notFound(M.refundNotFound, 'refund_not_found');
  await deps.db.transaction(async (tx) => {
    const r = await lockRefund(tx, id);
    if (!r || r.user_id !== userId) throw notFound(M.refundNotFound, 'refund_not_found');
    if (r.status === 'withdrawn') return;
    if (r.status !== 'requested') throw conflict(M.notWithdrawable, 'refund_already_decided');
    await tx.query(`UPDATE refund_requests SET status = 'withdrawn', decided_at = now(), decided_by = 'member' WHERE id = $1`, [id]);
    await queueRefundRequestMail(deps, tx, 'withdrawn', r);
  });
  return toRefundView((await findRefund(deps.db, id))!);
}
