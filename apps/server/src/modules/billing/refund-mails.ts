import { PRODUCT_NAME } from '@assay/shared';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { queueMail } from '../mail/index.ts';
import { creditNoteFileName, findCreditNote } from './credit-note-row.ts';
import { openMember } from './open-member.ts';
import { money } from './pdf-layout.ts';
import { storedDocument } from './stored-document.ts';

/**
 * "Refund approved" with the credit note attached: queued in the approval's transaction, run
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
        const c = note.currency;
        await deps.db.transaction(async (tx) => {
          const member = await openMember(tx, userId);
          if (!member) return;
          await queueMail(deps.queue, tx, {
            to: member.email,
            subject: `Your refund is approved: credit note ${note.credit_note_number}`,
            text: `Hi ${member.name},\n\nYour refund request for invoice ${invoice.invoice_number} was approved. `
              + `We are refunding ${money(note.total_minor, c)} to your original payment method: the ${money(note.amount_paid_minor, c)} you paid `
              + `less the 10 % administrative fee of ${money(note.fee_minor, c)}, as the Refund Policy says. `
              + `Your bank may take 7 to 14 business days to show it.\n\n`
              + `The package's ${note.tokens.toLocaleString('en-US')} tokens have been removed from your balance. `
              + `Your credit note ${note.credit_note_number} is attached; you can download it again from your billing page:\n${deps.config.PUBLIC_URL}/billing\n`,
            attachments: [{ filename: creditNoteFileName(note.credit_note_number), contentType: 'application/pdf', blobKey: key }],
          });
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
  await queueMail(deps.queue, tx, {
    to: member.email,
    subject: `Your ${PRODUCT_NAME} refund request was declined`,
    text: `Hi ${member.name},\n\nWe have reviewed your refund request for the ${r.package_name} package`
      + `${r.invoice_number ? ` (invoice ${r.invoice_number})` : ''} and cannot approve it.\n\nReason: ${r.decision_reason}\n\n`
      + `Your tokens stay in your balance. If you think this is wrong, reply to this email or use the contact form:\n${deps.config.PUBLIC_URL}/contact\n`,
  });
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
  r: { user_id: string | null; package_name: string; tokens: number; currency: string; amount_minor: number; fee_minor: number; refund_minor: number },
) {
  if (!r.user_id) return;
  const member = (await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [r.user_id])).rows[0];
  if (!member) return;
  const tokens = r.tokens.toLocaleString('en-US');
  const c = r.currency;
  const text = kind === 'received'
    ? `Hi ${member.name},\n\nWe received your request to refund the ${r.package_name} package. An operator will review it; `
      + `we will email you the decision.\n\nIf it is approved we refund ${money(r.refund_minor, c)} to your original payment method: `
      + `the ${money(r.amount_minor, c)} you paid less the 10 % administrative fee of ${money(r.fee_minor, c)}, as the Refund Policy says.\n\n`
      + `Until then the package's ${tokens} tokens are held for the refund and cannot be spent. `
      + `Changed your mind? Withdraw the request on your billing page and the tokens are yours to use again:\n${deps.config.PUBLIC_URL}/billing\n`
    : `Hi ${member.name},\n\nYou withdrew your refund request for the ${r.package_name} package. Nothing will be refunded, `
      + `and the package's ${tokens} tokens are back in your balance. You may ask again while the purchase is within the refund window:\n`
      + `${deps.config.PUBLIC_URL}/billing\n`;
  await queueMail(deps.queue, tx, {
    to: member.email,
    subject: kind === 'received' ? `We received your ${PRODUCT_NAME} refund request` : `Your ${PRODUCT_NAME} refund request is withdrawn`,
    text,
  });
}
