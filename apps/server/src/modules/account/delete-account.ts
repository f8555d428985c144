import { ACCOUNT_MESSAGES, EXPERT_MESSAGES, type DeleteAccountRequest } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { assertUnderLimits, clearRateLimitsNaming, countHit } from '../../lib/rate-limit.ts';
import { consumeDeletionCode } from '../auth/index.ts';
import { forgetSender } from '../contact/index.ts';
import { forgetRecipient } from '../mail/index.ts';
import { audit } from '../operators/index.ts';
import { forgetPayer } from '../purchase/index.ts';
import { deleteMemberReports, reportInProgress } from '../reports/index.ts';
import { memberHasOpenReview } from '../experts/index.ts';
import { forfeitTokens, lockAccount } from '../tokens/index.ts';
import { findUserById, type UserRow } from '../users/index.ts';
import { anonymiseInvoices, pendingRefundsOf } from './billing-seam.ts';
import { exportBlobKey } from './export-job.ts';

/**
 * Deletes the member's account for good (docs/decisions/134-export-and-account-deletion.md),
 * in one transaction: unused tokens forfeited through the ledger, reports and their PDFs
 * removed, payments and invoices kept for the statutory period but naming nobody, contact
 * messages from the address removed, rate-limit counters and queued mail naming the account
 * forgotten, the
 * users row deleted (its sessions, codes and choices go with it, so every session ends), and
 * the deletion recorded in the operator audit log. The member proves it is them first: the
 * password, or for a Google account the code emailed by sendDeletionCode.
 */
export async function deleteAccount(deps: Deps, userId: string, proof: DeleteAccountRequest, ip: string) {
  const { db, blobs, log } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  await confirmIdentity(deps, user, proof, ip);

  const outcome = await db.transaction(async (tx) => {
    // The token account's lock first, as every ledger change takes it: a report starting at this
    // moment waits for the deletion (then finds no account) rather than deadlocking with it.
    // Closed already means a concurrent deletion won.
    await lockAccount(tx, user.id).catch(() => {
      throw unauthorized();
    });
    const current = await findUserById(tx, user.id, true);
    if (!current) throw unauthorized();
    // A running report would write its PDF after the deletion: wait for it to finish.
    if (await reportInProgress(tx, user.id)) throw conflict(ACCOUNT_MESSAGES.deleteReportRunning, 'report_in_progress');
    // An open expert review holds tokens and has an expert reading the report (decision 230).
    if (await memberHasOpenReview(tx, user.id)) throw conflict(EXPERT_MESSAGES.accountReviewOpen, 'review_open');
    // A pending refund outlives the account: its package stays held for the operator's decision
    // and an approval pays the original payment method (docs/decisions/165).
    const refundsPending = await pendingRefundsOf(tx, user.id);
    const forfeited = await forfeitTokens(tx, user.id);
    const pdfKeys = await deleteMemberReports(tx, user.id);
    const payments = await forgetPayer(tx, { userId: user.id, email: current.email, name: current.name, phone: current.phone });
    const invoices = await anonymiseInvoices(tx, user.id);
    const messages = await forgetSender(tx, current.email);
    await clearRateLimitsNaming(tx, [current.email, user.id]);
    // Mail to the address, sent or still waiting, leaves the queue (no farewell mail: it would keep the address).
    await forgetRecipient(deps.queue, tx, current.email);
    // Data exports go with the account (their rows cascade); their zips are deleted below.
    const exports = await tx.query<{ id: string }>('SELECT id FROM account_exports WHERE user_id = $1', [user.id]);
    await tx.query('DELETE FROM users WHERE id = $1', [user.id]);
    await audit(tx, null, 'member.account_deleted', user.id, {
      by: 'member',
      forfeited_tokens: forfeited,
      reports_deleted: pdfKeys.length,
      payments_kept: payments.payments,
      invoices_kept: invoices.kept,
      contact_messages_deleted: messages,
      refunds_pending: refundsPending,
    });
    // Last, so a store that cannot delete rolls the whole deletion back and the member can retry.
    for (const key of [...pdfKeys, ...invoices.copies, ...exports.rows.map((e) => exportBlobKey(e.id))]) await blobs.delete(key);
    return { forfeited, email: current.email };
  });
  // Copies of mail this server keeps (the dev mailbox's files, credit notes attached) go too;
  // files are not transactional, so after the commit. A failure is logged, never undoes the deletion.
  const mails = await deps.mailer.forget?.(outcome.email).catch((err: unknown) => {
    log.error({ err, userId: user.id }, 'account deleted; removing its copies of mail failed');
    return 0;
  });
  log.info({ userId: user.id, forfeited: outcome.forfeited, mail_copies_removed: mails ?? 0 }, 'account deleted by its member');
  return { message: ACCOUNT_MESSAGES.accountDeleted, forfeited_tokens: outcome.forfeited };
}

async function confirmIdentity(deps: Deps, user: UserRow, proof: DeleteAccountRequest, ip: string) {
  if (!user.password_hash) {
    if (!proof.code) throw badRequest(ACCOUNT_MESSAGES.deleteCodeRequired, 'code_required');
    await consumeDeletionCode(deps, user, proof.code, ip);
    return;
  }
  if (!proof.password) throw badRequest(ACCOUNT_MESSAGES.deletePasswordRequired, 'password_required');
  // Guessing the password through a stolen session is bounded, as for a password change.
  const limits = [
    {
      key: `delete-account:${user.id}`,
      limit: deps.config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      windowSeconds: deps.config.RATE_LIMIT_WINDOW_SECONDS,
    },
  ];
  await assertUnderLimits(deps.db, limits);
  if (!(await verifyPassword(proof.password, user.password_hash))) {
    await countHit(deps.db, limits);
    throw badRequest(ACCOUNT_MESSAGES.deletePasswordWrong, 'wrong_password');
  }
}
