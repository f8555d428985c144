import type { CreditNoteRow } from './credit-note-row.ts';
import type { InvoiceRow } from './invoice-row.ts';
import { day, money, startDocument } from './pdf-layout.ts';

/**
 * The credit note as a PDF, drawn from its row and its invoice's (the parties are the
 * invoice's snapshot), dated at issue: rendering it again gives the same bytes.
 */
export async function renderCreditNotePdf(note: CreditNoteRow, inv: InvoiceRow): Promise<Buffer> {
  const { doc, left, width, row, parties, taxRows, rule, finish } = await startDocument({
    title: `Credit note ${note.credit_note_number}`,
    author: inv.seller.legal_name,
    createdAt: note.issued_at,
  });
  const c = note.currency;

  doc.font('bold').fontSize(18).fillColor('#111827').text('Credit note', left, 56);
  doc.font('body').fontSize(10).fillColor('#374151');
  doc.moveDown(0.5);
  doc.text(`Credit note number: ${note.credit_note_number}`);
  doc.text(`Date: ${day(note.issued_at)}`);
  doc.text(`Against tax invoice: ${inv.invoice_number} of ${day(inv.issued_at)}`);
  doc.text(`Payment id: ${inv.provider_payment_id}`);
  doc.moveDown();
  parties(inv);

  doc.font('bold').text(`Refund of (SAC ${inv.sac})`, left, doc.y, { width });
  doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).strokeColor('#d1d5db').stroke();
  doc.y += 8;
  row(inv.description, '');
  row('Amount paid', money(note.amount_paid_minor, c));
  row('Administrative fee retained (10 %)', money(-note.fee_minor, c));
  rule();
  row('Taxable value credited', money(note.taxable_minor, c));
  taxRows(inv, { cgst: note.cgst_minor, sgst: note.sgst_minor, igst: note.igst_minor }, c);
  rule();
  row('Total credited', money(note.total_minor, c), true);
  doc.moveDown(2);
  doc.font('body').fontSize(8).fillColor('#6b7280').text(
    `Amounts in ${c}. The ${note.tokens.toLocaleString('en-US')} tokens of this package were removed from the buyer's balance. `
      + 'This is a computer-generated credit note and needs no signature.',
    left, doc.y, { width },
  );
  return finish();
}
