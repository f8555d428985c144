import { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import {
  anonymiseInvoices as anonymise, creditNoteFileName, invoiceFileName, listCreditNotesOf, listInvoicesOf, renderCreditNotePdf, renderInvoicePdf,
} from '../billing/index.ts';

/*
 * The account module's two uses of billing (issue 16), through billing's front door: the
 * member's invoice and credit note PDFs for the export, and anonymising the invoice buyer on deletion (invoices
 * are kept for the statutory period with the buyer anonymised). The deletion test walks every
 * table for the member's email, name and phone, so a buyer snapshot left in place fails it.
 */

/**
 * The member's tax documents for the export, `invoices/<number>.pdf` and
 * `credit-notes/<number>.pdf`, each rendered when the zip reaches it.
 */
export async function billingFilesFor(
  deps: Pick<Deps, 'db' | 'blobs'>,
  userId: string,
): Promise<Array<{ name: string; open: () => Promise<{ body: Readable } | undefined> }>> {
  const [invoices, notes] = await Promise.all([listInvoicesOf(deps.db, userId), listCreditNotesOf(deps.db, userId)]);
  return [
    ...invoices.map((inv) => ({
      name: `invoices/${invoiceFileName(inv.invoice_number)}`,
      open: async () => ({ body: Readable.from([await renderInvoicePdf(inv)]) }),
    })),
    ...notes.map(({ note, invoice }) => ({
      name: `credit-notes/${creditNoteFileName(note.credit_note_number)}`,
      open: async () => ({ body: Readable.from([await renderCreditNotePdf(note, invoice)]) }),
    })),
  ];
}

/**
 * Replaces the buyer's name, email, phone, address and GSTIN on the member's invoices; answers
 * how many are kept and the stored PDF copies (made for receipt mails) to delete after commit.
 */
export async function anonymiseInvoices(tx: Queryable, userId: string): Promise<{ kept: number; copies: string[] }> {
  return anonymise(tx, userId);
}
