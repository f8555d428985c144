import type { CreditNoteRow } from './credit-note-row.ts';
import { invoiceLines, type InvoiceRow } from './invoice-row.ts';
import { day, money, startDocument } from './pdf-layout.ts';
import { formatTokens } from '@assay/shared';

/**
 * The credit note as a PDF, drawn from its row and its invoice's (the parties are the
 * invoice's snapshot), dated at issue: rendering it again gives the same bytes. Rendered once,
 * in a render worker, and kept in the blob store (stored-document.ts).
 */
export async function renderCreditNotePdf(note: CreditNoteRow, inv: InvoiceRow): Promise<Buffer> {
  const d = await startDocument({
    title: `Credit note ${note.credit_note_number}`,
    author: inv.seller.legal_name,
    createdAt: note.issued_at,
  });
  const c = note.currency;
  d.heading('Credit note');
  d.line(`Credit note number: ${note.credit_note_number}`);
  d.line(`Date: ${day(note.issued_at)}`);
  d.line(`Against tax invoice: ${inv.invoice_number} of ${day(inv.issued_at)}`);
  d.line(`Payment id: ${inv.provider_payment_id}`);
  d.gap();
  d.parties(inv);

  const lines = invoiceLines(inv);
  if (lines.length === 1) {
    d.columnHeader(`Refund of (SAC ${inv.sac})`);
    d.row(inv.description, '');
  } else {
    d.columnHeader('Refund of');
    for (const l of lines) d.row(`${l.description} (SAC ${l.sac})`, '');
  }
  d.row('Amount paid', money(note.amount_paid_minor, c));
  d.row('Administrative fee retained (10 %)', money(-note.fee_minor, c));
  d.rule();
  d.row('Taxable value credited', money(note.taxable_minor, c));
  d.taxRows(inv, { cgst: note.cgst_minor, sgst: note.sgst_minor, igst: note.igst_minor }, c);
  d.rule();
  d.row('Total credited', money(note.total_minor, c), true);
  d.footnote(
    `Amounts in ${c}. The ${formatTokens(note.tokens)} tokens of this package were removed from the buyer's balance. ` +
      'This is a computer-generated credit note and needs no signature.',
  );
  return d.finish();
}
