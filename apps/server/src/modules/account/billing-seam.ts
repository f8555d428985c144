import type { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';

/*
 * SEAM(billing): tax invoices are the billing module's (issue 16). Until its front door is
 * merged, the export carries the purchases from the payments table (purchases.json) and no
 * invoice PDFs, and deletion has no invoice buyer snapshot to anonymise. When billing lands,
 * these two functions call its index.ts: the invoice listing/rendering for the export, and the
 * buyer anonymisation (invoices are kept for the statutory period with the buyer anonymised).
 * The deletion test walks every table for the member's email, name and phone, so a buyer
 * snapshot left in place fails it.
 */

/** The member's invoice PDFs for the export (`invoices/<number>.pdf`). */
export async function invoiceFilesFor(
  _deps: Pick<Deps, 'db' | 'blobs'>,
  _userId: string,
): Promise<Array<{ name: string; open: () => Promise<{ body: Readable } | undefined> }>> {
  return [];
}

/** Replaces the buyer's name, email, phone, address and GSTIN on the member's invoices; returns how many are kept. */
export async function anonymiseInvoices(_tx: Queryable, _userId: string): Promise<number> {
  return 0;
}
