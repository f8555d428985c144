import type { Queryable } from '../../db/client.ts';
import { findInvoiceByNumber, type InvoiceRow } from './invoice-row.ts';

/** An issued credit note, as stored: the refund's figures; the parties are its invoice's. */
export interface CreditNoteRow {
  id: string;
  credit_note_number: string;
  fy: string;
  seq: number;
  refund_request_id: string;
  invoice_number: string;
  user_id: string | null;
  issued_at: Date;
  tokens: number;
  currency: string;
  amount_paid_minor: number;
  fee_minor: number;
  taxable_minor: number;
  cgst_minor: number;
  sgst_minor: number;
  igst_minor: number;
  total_minor: number;
}

export const CREDIT_NOTE_COLUMNS = `id, credit_note_number, fy, seq, refund_request_id, invoice_number, user_id, issued_at, tokens, currency,
  amount_paid_minor, fee_minor, taxable_minor, cgst_minor, sgst_minor, igst_minor, total_minor`;

/** A credit note with the invoice it reduces (what its PDF is drawn from). */
export async function findCreditNote(db: Queryable, number: string): Promise<{ note: CreditNoteRow; invoice: InvoiceRow } | undefined> {
  const note = (await db.query<CreditNoteRow>(`SELECT ${CREDIT_NOTE_COLUMNS} FROM credit_notes WHERE credit_note_number = $1`, [number]))
    .rows[0];
  if (!note) return undefined;
  const invoice = await findInvoiceByNumber(db, note.invoice_number);
  return invoice && { note, invoice };
}

/** The member's credit notes with their invoices, oldest first (the data export). */
export async function listCreditNotesOf(db: Queryable, userId: string): Promise<Array<{ note: CreditNoteRow; invoice: InvoiceRow }>> {
  const notes = (
    await db.query<CreditNoteRow>(`SELECT ${CREDIT_NOTE_COLUMNS} FROM credit_notes WHERE user_id = $1 ORDER BY issued_at, id`, [userId])
  ).rows;
  const out: Array<{ note: CreditNoteRow; invoice: InvoiceRow }> = [];
  for (const note of notes) {
    const invoice = await findInvoiceByNumber(db, note.invoice_number);
    if (invoice) out.push({ note, invoice });
  }
  return out;
}

export const creditNoteFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
export const creditNoteBlobKey = (number: string) => `credit-notes/${creditNoteFileName(number)}`;
