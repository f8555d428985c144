import { invoiceLines, type InvoiceRow } from './invoice-row.ts';
import { day, money, startDocument } from './pdf-layout.ts';

/**
 * The tax invoice as a PDF, drawn from the stored invoice row alone (and fixed fonts and
 * metadata dated at issue), so rendering it again gives the same bytes. Rendered once, in a
 * render worker, and kept in the blob store (stored-document.ts).
 */
export async function renderInvoicePdf(inv: InvoiceRow): Promise<Buffer> {
  const d = await startDocument({ title: `Tax invoice ${inv.invoice_number}`, author: inv.seller.legal_name, createdAt: inv.issued_at });
  d.heading('Tax invoice');
  d.line(`Invoice number: ${inv.invoice_number}`);
  d.line(`Date: ${day(inv.issued_at)}`);
  d.line(`Payment id: ${inv.provider_payment_id}`);
  d.gap();
  d.parties(inv);

  const lines = invoiceLines(inv);
  if (lines.length === 1) {
    d.columnHeader(`Description (SAC ${inv.sac})`);
    d.row(inv.description, money(inv.taxable_minor, inv.currency));
  } else {
    // A purchase that paid for an expert review names it on a line of its own (decision 234).
    d.columnHeader('Description');
    for (const l of lines) d.row(`${l.description} (SAC ${l.sac})`, money(l.taxable_minor, inv.currency));
  }
  d.row('Taxable value', money(inv.taxable_minor, inv.currency));
  d.taxRows(inv, { cgst: inv.cgst_minor, sgst: inv.sgst_minor, igst: inv.igst_minor }, inv.currency);
  d.rule();
  d.row('Total', money(inv.total_minor, inv.currency), true);
  d.footnote(
    `Amounts in ${inv.currency}. Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.`,
  );
  return d.finish();
}
