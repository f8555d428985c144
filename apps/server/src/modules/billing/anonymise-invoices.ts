import type { Queryable } from '../../db/client.ts';
import { creditNoteBlobKey } from './credit-note-row.ts';
import { invoiceBlobKey } from './invoice-row.ts';

/** What an anonymised invoice shows as its buyer. */
export const ANONYMISED_BUYER = 'Deleted member';

/**
 * Account deletion: the member's invoices are kept (the statutory period) with the buyer's
 * name, email, phone, address and GSTIN replaced, and unlinked from the account. Answers how
 * many are kept and the keys of the PDF copies stored for receipt and refund mails (invoices
 * and credit notes), which still name the buyer and are for the caller to delete.
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
  return {
    kept: r.rows.length,
    copies: [...r.rows.map((i) => invoiceBlobKey(i.invoice_number)), ...notes.rows.map((n) => creditNoteBlobKey(n.credit_note_number))],
  };
}
