import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import { findInvoiceByNumber, invoiceFileName } from './invoice-row.ts';
import { openMember } from './open-member.ts';
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
        const userId = inv.user_id;
        await deps.db.transaction(async (tx) => {
          if (!(await openMember(tx, userId))) return;
          await queueMail(
            deps.queue,
            tx,
            composeMail(deps.config, inv.buyer_email, 'invoiceReceipt', {
              name: inv.buyer_name,
              invoiceNumber: inv.invoice_number,
              tokens: inv.tokens,
              description: inv.description,
              totalMinor: inv.total_minor,
              currency: inv.currency,
              paymentId: inv.provider_payment_id,
            }),
            [{ filename: invoiceFileName(inv.invoice_number), contentType: 'application/pdf', blobKey: key }],
          );
        });
        deps.log.info({ invoice: inv.invoice_number }, 'purchase receipt queued');
      },
    };
  },
});
