import { PRODUCT_NAME } from '@assay/shared';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { queueMail } from '../mail/index.ts';
import { findInvoiceByNumber, invoiceFileName } from './invoice-row.ts';
import { openMember } from './open-member.ts';
import { money } from './pdf-layout.ts';
import { storedDocument } from './stored-document.ts';

/**
 * The purchase receipt with its invoice attached: queued in the capture's transaction, run
 * here off the request path. It renders the invoice's PDF once and stores it with the document
 * (stored-document.ts; a retry finds it stored), and queues the mail attaching that file.
 */
export const sendInvoiceReceiptJob = defineJob({
  name: 'billing.invoice-receipt',
  payload: z.object({ invoice_number: z.string().min(1).max(40) }),
  policy: (config) => ({ retryLimit: 10, retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS, expireInSeconds: 5 * 60, concurrency: 1 }),
  start(deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config' | 'log'>) {
    return {
      async handle(job) {
        const inv = await findInvoiceByNumber(deps.db, job.data.invoice_number);
        // Anonymised (account deleted) before the receipt went: nobody to send it to.
        if (!inv || !inv.user_id || inv.buyer_anonymised_at || !inv.buyer_email) return;
        const { key } = await storedDocument(deps, 'invoice', inv.invoice_number);
        const url = `${deps.config.PUBLIC_URL}/billing`;
        const total = money(inv.total_minor, inv.currency);
        const userId = inv.user_id;
        await deps.db.transaction(async (tx) => {
          if (!(await openMember(tx, userId))) return;
          await queueMail(deps.queue, tx, {
            to: inv.buyer_email,
            subject: `Your ${PRODUCT_NAME} receipt: ${inv.tokens.toLocaleString('en-US')} tokens, invoice ${inv.invoice_number}`,
            text: `Hi ${inv.buyer_name},\n\nThank you for your purchase. ${inv.description}, ${total} paid (payment ${inv.provider_payment_id}).\n\n`
              + `Your tax invoice ${inv.invoice_number} is attached. You can download it again from your billing page:\n${url}\n`,
            attachments: [{ filename: invoiceFileName(inv.invoice_number), contentType: 'application/pdf', blobKey: key }],
          });
        });
        deps.log.info({ invoice: inv.invoice_number }, 'purchase receipt queued');
      },
    };
  },
});
