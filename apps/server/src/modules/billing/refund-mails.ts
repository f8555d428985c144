import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import { creditNoteFileName, findCreditNote } from './credit-note-row.ts';
import { openMember } from './open-member.ts';
import { storedDocument } from './stored-document.ts';

/**
 * "Refund approved" (wording: modules/mail/templates/billing.ts) with the credit note attached: queued in the approval's transaction, run
 * here off the request path (stores the credit note's PDF once, queues the mail attaching it),
 * as the purchase receipt is. Always sent (docs/decisions/133-notifications.md).
 */
export const sendRefundApprovedJob = defineJob({
  name: 'billing.refund-approved',
  payload: z.object({ credit_note_number: z.string().min(1).max(40) }),
  policy: (config) => ({ retryLimit: 10, retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS, expireInSeconds: 5 * 60, concurrency: 1 }),
  start(deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config' | 'log'>) {
    return {
      async handle(job) {
        const found = await findCreditNote(deps.db, job.data.credit_note_number);
        if (!found || !found.note.user_id) return;
        const { note, invoice } = found;
        const userId = found.note.user_id;
        const { key } = await storedDocument(deps, 'credit_note', note.credit_note_number);
        await deps.db.transaction(async (tx) => {
          const member = await openMember(tx, userId);
          if (!member) return;
          await queueMail(
            deps.queue,
            tx,
            composeMail(deps.config, member.email, 'refundApproved', {
              name: member.name,
              creditNoteNumber: note.credit_note_number,
              invoiceNumber: invoice.invoice_number,
              tokens: note.tokens,
              currency: note.currency,
              paidMinor: note.amount_paid_minor,
              feeMinor: note.fee_minor,
              refundMinor: note.total_minor,
            }),
            [{ filename: creditNoteFileName(note.credit_note_number), contentType: 'application/pdf', blobKey: key }],
          );
        });
        deps.log.info({ creditNote: note.credit_note_number }, 'refund approved mail queued');
      },
    };
  },
});

/** "Refund declined" with the operator's reason, queued in the decision's transaction. */
export async function queueRefundDeclinedMail(
  deps: Pick<Deps, 'queue' | 'config'>,
  tx: Queryable,
  r: { user_id: string | null; package_name: string; invoice_number: string | null; decision_reason: string },
) {
  if (!r.user_id) return;
  const member = (await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [r.user_id])).rows[0];
  if (!member) return;
  await queueMail(
    deps.queue,
    tx,
    composeMail(deps.config, member.email, 'refundDeclined', {
      name: member.name,
      packageName: r.package_name,
      invoiceNumber: r.invoice_number,
      reason: r.decision_reason,
    }),
  );
}

/**
 * "We received your refund request" and "You withdrew your refund request": queued in the
 * request's (or withdrawal's) transaction, so a member always has a record of what they asked
 * and what it means for their tokens (issue 26).
 */
export async function queueRefundRequestMail(
  deps: Pick<Deps, 'queue' | 'config'>,
  tx: Queryable,
  kind: 'received' | 'withdrawn',
  r: {
    user_id: string | null;
    package_name: string;
    tokens: number;
    currency: string;
    amount_minor: number;
    fee_minor: number;
    refund_minor: number;
  },
) {
  if (!r.user_id) return;
  const member = (await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [r.user_id])).rows[0];
  if (!member) return;
  await queueMail(
    deps.queue,
    tx,
    kind === 'received'
      ? composeMail(deps.config, member.email, 'refundRequested', {
          name: member.name,
          packageName: r.package_name,
          tokens: r.tokens,
          currency: r.currency,
          paidMinor: r.amount_minor,
          feeMinor: r.fee_minor,
          refundMinor: r.refund_minor,
        })
      : composeMail(deps.config, member.email, 'refundWithdrawn', { name: member.name, packageName: r.package_name, tokens: r.tokens }),
  );
}
