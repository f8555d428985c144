import { PRODUCT_NAME } from '@assay/shared';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { queueMail } from '../mail/index.ts';
import { creditNoteBlobKey, creditNoteFileName, findCreditNote } from './credit-note-row.ts';
import { money } from './pdf-layout.ts';
import { renderCreditNotePdf } from './render-credit-note-pdf.ts';

/**
 * "Refund approved" with the credit note attached: queued in the approval's transaction, run
 * here off the request path (renders the PDF, keeps a copy for the mail job, queues the mail),
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
        const member = (await deps.db.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [note.user_id])).rows[0];
        if (!member) return;
        const key = creditNoteBlobKey(note.credit_note_number);
        await deps.blobs.put(key, await renderCreditNotePdf(note, invoice), 'application/pdf');
        const c = note.currency;
        await deps.db.transaction((tx) =>
          queueMail(deps.queue, tx, {
            to: member.email,
            subject: `Your refund is approved: credit note ${note.credit_note_number}`,
            text: `Hi ${member.name},\n\nYour refund request for invoice ${invoice.invoice_number} was approved. `
              + `We are refunding ${money(note.total_minor, c)} to your original payment method: the ${money(note.amount_paid_minor, c)} you paid `
              + `less the 10 % administrative fee of ${money(note.fee_minor, c)}, as the Refund Policy says. `
              + `Your bank may take 7 to 14 business days to show it.\n\n`
              + `The package's ${note.tokens.toLocaleString('en-US')} tokens have been removed from your balance. `
              + `Your credit note ${note.credit_note_number} is attached; you can download it again from your billing page:\n${deps.config.PUBLIC_URL}/billing\n`,
            attachments: [{ filename: creditNoteFileName(note.credit_note_number), contentType: 'application/pdf', blobKey: key }],
          }),
        );
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
