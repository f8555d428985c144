import { REFUND_MESSAGES as M, type AdminRefund } from '@assay/shared';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit } from '../operators/index.ts';
import { lockAnyAccount, purchaseLotOf, refundLot } from '../tokens/index.ts';
import { issueCreditNote } from './issue-credit-note.ts';
import { sendRefundApprovedJob } from './refund-mails.ts';
import { findRefund, lockRefund, toAdminRefund } from './refund-row.ts';
import type { RefundDeps } from './refund-deps.ts';
import { sendProviderRefund } from './send-provider-refund.ts';

/**
 * An operator approves a refund request. In one transaction, under the request's lock: it is
 * marked approved, the package's lot loses exactly its tokens (refused if any was used since
 * the request), the credit note is issued and the approval mail queued, and the audit log
 * records it. Then the provider is asked for the refund (sendProviderRefund: once per attempt).
 * Approving again is harmless: an approved or refunded request changes nothing (a refund whose
 * provider call failed is asked for again), and a failed refund is retried as a new attempt.
 * The package's token account is locked before the request, the order every ledger change and
 * account deletion take, so an approval never deadlocks with them. A request whose member has
 * since deleted the account is still approved (its lot was held, not forfeited); a payment
 * captured after the deletion (origin 'orphan_capture') credited no tokens and has no lot.
 */
export async function approveRefund(deps: RefundDeps, operator: OperatorAuth, id: string): Promise<AdminRefund> {
  if (!isUuid(id)) throw notFound(M.refundNotFound, 'refund_not_found');
  await deps.db.transaction(async (tx) => {
    const before = await findRefund(tx, id);
    if (!before) throw notFound(M.refundNotFound, 'refund_not_found');
    const lotOwner = (await purchaseLotOf(tx, before.payment_id))?.user_id;
    if (lotOwner) await lockAnyAccount(tx, lotOwner);
    const r = await lockRefund(tx, id);
    if (!r) throw notFound(M.refundNotFound, 'refund_not_found');
    if (r.status === 'declined') throw conflict(M.alreadyDeclined, 'refund_declined');
    if (r.status === 'withdrawn') throw conflict(M.withdrawnByMember, 'refund_withdrawn');
    if (r.status === 'refund_failed') {
      await tx.query(
        `UPDATE refund_requests SET status = 'approved', refund_attempt = refund_attempt + 1, provider_refund_id = NULL,
                provider_status = NULL, provider_call_started_at = NULL WHERE id = $1`,
        [id],
      );
      await audit(tx, operator, 'refund.retry', id, { attempt: r.refund_attempt + 1 });
      return;
    }
    if (r.status !== 'requested') return;

    await tx.query(
      `UPDATE refund_requests SET status = 'approved', decided_at = now(), decided_by = $2, refund_attempt = 1 WHERE id = $1`,
      [id, operator.username],
    );
    if (r.origin === 'member') {
      const lot = await refundLot(tx, r.payment_id, `Refund of ${r.package_name}`);
      if (lot.status !== 'refunded') throw conflict(M.tokensUsedSinceRequest, 'refund_tokens_used');
    }
    const note = await issueCreditNote(tx, r);
    await deps.queue.enqueue(tx, sendRefundApprovedJob, { credit_note_number: note.credit_note_number });
    await audit(tx, operator, 'refund.approve', id, {
      payment_id: r.payment_id,
      tokens: r.tokens,
      refund_minor: r.refund_minor,
      currency: r.currency,
      credit_note: note.credit_note_number,
    });
  });
  await sendProviderRefund(deps, id);
  return toAdminRefund((await findRefund(deps.db, id))!);
}
