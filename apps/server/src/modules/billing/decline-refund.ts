import { REFUND_MESSAGES as M, type AdminRefund } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit } from '../operators/index.ts';
import { forfeitHeldLot } from '../tokens/index.ts';
import { queueRefundDeclinedMail } from './refund-mails.ts';
import { findRefund, lockRefund, toAdminRefund } from './refund-row.ts';

/**
 * An operator declines a pending request with a reason; the member is mailed it. Only a pending
 * request can be declined. Declining ends the hold on the package (migration 165's trigger).
 */
export async function declineRefund(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  operator: OperatorAuth,
  id: string,
  reason: string,
): Promise<AdminRefund> {
  if (!isUuid(id)) throw notFound(M.refundNotFound, 'refund_not_found');
  await deps.db.transaction(async (tx) => {
    const r = await lockRefund(tx, id);
    if (!r) throw notFound(M.refundNotFound, 'refund_not_found');
    if (r.status === 'declined') return; // declining twice: the first reason stands
    if (r.status === 'withdrawn') throw conflict(M.withdrawnByMember, 'refund_withdrawn');
    if (r.status !== 'requested') throw conflict(M.alreadyDecided, 'refund_already_decided');
    await tx.query(
      `UPDATE refund_requests SET status = 'declined', decided_at = now(), decided_by = $2, decision_reason = $3 WHERE id = $1`,
      [id, operator.username, reason],
    );
    await queueRefundDeclinedMail(deps, tx, { ...r, decision_reason: reason });
    // The member deleted the account while the request waited: the held package goes the way
    // the rest of the balance went (docs/decisions/165-pending-refunds-hold-their-lot.md).
    const forfeited = r.user_id ? 0 : await forfeitHeldLot(tx, r.payment_id);
    await audit(tx, operator, 'refund.decline', id, {
      payment_id: r.payment_id,
      reason,
      ...(forfeited ? { forfeited_tokens: forfeited } : {}),
    });
  });
  return toAdminRefund((await findRefund(deps.db, id))!);
}
