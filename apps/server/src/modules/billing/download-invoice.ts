import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { BILLING_MESSAGES } from '@assay/shared';
import { findInvoiceByNumber, invoiceFileName } from './invoice-row.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

/**
 * An invoice's PDF, rebuilt from its row: to its owner (`userId`), or to an operator (no
 * userId). Anyone else is told it does not exist.
 */
export async function invoicePdf(db: Queryable, invoiceNumber: string, userId: string | undefined) {
  const inv = await findInvoiceByNumber(db, invoiceNumber);
  if (!inv || (userId !== undefined && inv.user_id !== userId)) throw notFound(BILLING_MESSAGES.invoiceNotFound, 'invoice_not_found');
  return { filename: invoiceFileName(inv.invoice_number), body: await renderInvoicePdf(inv) };
}
