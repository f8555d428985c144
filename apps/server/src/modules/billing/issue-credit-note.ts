import type { Queryable } from '../../db/client.ts';
import { CREDIT_NOTE_COLUMNS, type CreditNoteRow } from './credit-note-row.ts';
import { INVOICE_COLUMNS, type InvoiceRow } from './invoice-row.ts';
import { nextDocumentNumber } from './next-document-number.ts';

/**
 * The credit note's figures: the refund (amount paid less the fee) split between taxable value
 * and GST in the invoice's own proportion, the tax rounded half up to a minor unit and the
 * taxable value taking the rest, so the lines add up to the refund exactly; the tax goes to
 * CGST + SGST (odd unit to CGST) or IGST as on the invoice (docs/decisions/136-credit-notes.md).
 */
export function creditNoteFigures(
  invoice: Pick<InvoiceRow, 'total_minor' | 'cgst_minor' | 'sgst_minor' | 'igst_minor'>,
  refundMinor: number,
) {
  const gst = invoice.cgst_minor + invoice.sgst_minor + invoice.igst_minor;
  // round(refund × gst / total), half up, in integers.
  const tax = Math.floor((2 * refundMinor * gst + invoice.total_minor) / (2 * invoice.total_minor));
  const taxable = refundMinor - tax;
  if (invoice.igst_minor > 0) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const sgst = Math.floor(tax / 2);
  return { taxable, cgst: tax - sgst, sgst, igst: 0 };
}

/**
 * Issues the credit note of an approved refund, in the approval's transaction: the next number
 * of the financial year's CN series from the same gapless counters as invoices (a rolled-back
 * approval gives its number back), referencing the payment's invoice. The database checks the
 * number, that its total is the refund and that there is one per refund and per invoice.
 */
export async function issueCreditNote(
  tx: Queryable,
  refund: {
    id: string;
    payment_id: string;
    user_id: string | null;
    tokens: number;
    currency: string;
    amount_minor: number;
    fee_minor: number;
    refund_minor: number;
  },
): Promise<CreditNoteRow> {
  const existing = (
    await tx.query<CreditNoteRow>(`SELECT ${CREDIT_NOTE_COLUMNS} FROM credit_notes WHERE refund_request_id = $1`, [refund.id])
  ).rows[0];
  if (existing) return existing;
  const invoice = (await tx.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE payment_id = $1`, [refund.payment_id]))
    .rows[0];
  if (!invoice) throw new Error(`payment ${refund.payment_id} has no invoice: no credit note`);
  const f = creditNoteFigures(invoice, refund.refund_minor);
  const { number, fy, seq, issuedAt: now } = await nextDocumentNumber(tx, 'CN');
  const r = await tx.query<CreditNoteRow>(
    `INSERT INTO credit_notes (credit_note_number, fy, seq, refund_request_id, invoice_number, user_id, issued_at, tokens, currency,
                               amount_paid_minor, fee_minor, taxable_minor, cgst_minor, sgst_minor, igst_minor, total_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${CREDIT_NOTE_COLUMNS}`,
    [
      number,
      fy,
      seq,
      refund.id,
      invoice.invoice_number,
      refund.user_id,
      now,
      refund.tokens,
      refund.currency,
      refund.amount_minor,
      refund.fee_minor,
      f.taxable,
      f.cgst,
      f.sgst,
      f.igst,
      refund.refund_minor,
    ],
  );
  return r.rows[0]!;
}
