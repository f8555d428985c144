import type { InvoiceRow } from './invoice-row.ts';
import { day, money, startDocument } from './pdf-layout.ts';

export { money } from './pdf-layout.ts';

/**
 * The tax invoice as a PDF, drawn from the stored invoice row alone (and fixed fonts and
 * metadata dated at issue), so rendering it again gives the same bytes.
 */
export async function renderInvoicePdf(inv: InvoiceRow): Promise<Buffer> {
  const { doc, left, width, row, parties, taxRows, rule, finish } = await startDocument({
    title: `Tax invoice ${inv.invoice_number}`,
    author: inv.seller.legal_name,
    createdAt: inv.issued_at,
  });

  doc.font('bold').fontSize(18).fillColor('#111827').text('Tax invoice', left, 56);
  doc.font('body').fontSize(10).fillColor('#374151');
  doc.moveDown(0.5);
  doc.text(`Invoice number: ${inv.invoice_number}`);
  doc.text(`Date: ${day(inv.issued_at)}`);
  doc.text(`Payment id: ${inv.provider_payment_id}`);
  doc.moveDown();
  parties(inv);

  doc.font('bold').text(`Description (SAC ${inv.sac})`, left, doc.y, { width });
  doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).strokeColor('#d1d5db').stroke();
  doc.y += 8;
  row(inv.description, money(inv.taxable_minor, inv.currency));
  row('Taxable value', money(inv.taxable_minor, inv.currency));
  taxRows(inv, { cgst: inv.cgst_minor, sgst: inv.sgst_minor, igst: inv.igst_minor }, inv.currency);
  rule();
  row('Total', money(inv.total_minor, inv.currency), true);
  doc.moveDown(2);
  doc.font('body').fontSize(8).fillColor('#6b7280')
    .text(`Amounts in ${inv.currency}. Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.`, left, doc.y, { width });
  return finish();
}
