import type { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import {
  anonymiseInvoices as anonymise,
  creditNoteFileName,
  invoiceFileName,
  listCreditNotesOf,
  listInvoicesOf,
  openStoredDocument,
  pendingRefundCount,
} from '../billing/index.ts';

/*
 * The account module's two uses of billing (issue 16), through billing's front door: the
 * member's invoice and credit note PDFs for the export, and anonymising the invoice buyer on deletion (invoices
 * are kept for the statutory period with the buyer anonymised). The deletion test walks every
 * table for the member's email, name and phone, so a buyer snapshot left in place fails it.
 */

/**
 * The member's tax documents for the export, `invoices/<number>.pdf` and
 * `credit-notes/<number>.pdf`, each opened from the store when the zip reaches it (rendered,
 * on a worker thread, and stored first if it never was).
 */
export async function billingFilesFor(
  deps: Pick<Deps, 'db' | 'blobs' | 'config'>,
  userId: string,
): Promise<Array<{ name: string; open: () => Promise<{ body: Readable } | undefined> }>> {
  const [invoices, notes] = await Promise.all([listInvoicesOf(deps.db, userId), listCreditNotesOf(deps.db, userId)]);
  return [
    ...invoices.map((inv) => ({
      name: `invoices/${invoiceFileName(inv.invoice_number)}`,
      open: () => openStoredDocument(deps, 'invoice', inv.invoice_number),
    })),
    ...notes.map(({ note }) => ({
      name: `credit-notes/${creditNoteFileName(note.credit_note_number)}`,
      open: () => openStoredDocument(deps, 'credit_note', note.credit_note_number),
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

/** Refund requests still waiting, which outlive the account (decision 165). */
export const pendingRefundsOf = (tx: Queryable, userId: string) => pendingRefundCount(tx, userId);
