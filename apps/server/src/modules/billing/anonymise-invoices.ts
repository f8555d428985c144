import type { Queryable } from '../../db/client.ts';
import { creditNoteBlobKey } from './credit-note-row.ts';
import { invoiceBlobKey } from './invoice-row.ts';
import { forgetStoredDocuments } from './stored-document.ts';

/** What an anonymised invoice shows as its buyer. */
export const ANONYMISED_BUYER = 'Deleted member';

/**
 * Account deletion: the member's invoices are kept (the statutory period) with the buyer's
 * name, email, phone, address and GSTIN replaced, and unlinked from the account. Answers how
 * many are kept and the keys of their stored PDFs (invoices and credit notes, and the copies
 * receipt mails kept before PDFs were stored once), which still name the buyer and are for the
 * caller to delete. The anonymised documents are rendered and stored again on their next download.
 */
export async function anonymiseInvoices(tx: Queryable, userId: string): Promise<{ kept: number; copies: string[] }> {
  const r = await tx.query<{ invoice_number: string }>(
    `UPDATE invoices SET buyer_name = $2, buyer_email = '', buyer_phone = NULL, buyer_address = NULL, buyer_gstin = NULL,
            buyer_anonymised_at = now(), user_id = NULL
      WHERE user_id = $1 RETURNING invoice_number`,
    [userId, ANONYMISED_BUYER],
  );
  // Credit notes draw their parties from the invoice, so they name nobody now; their mailed copies still do.
  const notes = await tx.query<{ credit_note_number: string }>('SELECT credit_note_number FROM credit_notes WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM billing_profiles WHERE user_id = $1', [userId]);
  const invoices = r.rows.map((i) => i.invoice_number);
  const creditNotes = notes.rows.map((n) => n.credit_note_number);
  const stored = await forgetStoredDocuments(tx, [...invoices, ...creditNotes]);
  return {
    kept: r.rows.length,
    copies: [...stored, ...invoices.map(invoiceBlobKey), ...creditNotes.map(creditNoteBlobKey)],
  };
}
