import { BILLING_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { findInvoiceOwner, invoiceFileName } from './invoice-row.ts';
import { openStoredDocument } from './stored-document.ts';

/**
 * An invoice's PDF, as stored when it was issued (rendered and stored now if it never was): to
 * its owner (`userId`), or to an operator (no userId). Anyone else is told it does not exist.
 */
export async function invoicePdf(deps: Pick<Deps, 'db' | 'blobs' | 'config'>, invoiceNumber: string, userId: string | undefined) {
  const inv = await findInvoiceOwner(deps.db, invoiceNumber);
  if (!inv || (userId !== undefined && inv.user_id !== userId)) throw notFound(BILLING_MESSAGES.invoiceNotFound, 'invoice_not_found');
  const file = await openStoredDocument(deps, 'invoice', invoiceNumber);
  return { filename: invoiceFileName(invoiceNumber), ...file };
}
