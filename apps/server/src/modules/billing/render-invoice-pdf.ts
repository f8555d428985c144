import { createRequire } from 'node:module';
import { GST_STATES, PRODUCT_NAME } from '@assay/shared';
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from './invoice-row.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Integer minor units as a decimal amount with its currency: 12345 USD → "USD 123.45". */
export const money = (minor: number, currency: string) =>
  `${currency} ${(minor < 0 ? '-' : '')}${Math.floor(Math.abs(minor) / 100).toLocaleString('en-US')}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

const day = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
const state = (code: string) => `${GST_STATES[code] ?? 'Unknown'} (${code})`;

/**
 * The tax invoice as a PDF, drawn from the stored invoice row alone (and fixed fonts and
 * metadata dated at issue), so rendering it again gives the same bytes.
 */
export async function renderInvoicePdf(inv: InvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: {
      Title: `Tax invoice ${inv.invoice_number}`,
      Author: inv.seller.legal_name,
      Creator: PRODUCT_NAME,
      CreationDate: new Date(inv.issued_at),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = 56;
  const width = doc.page.width - 112;

  doc.font('bold').fontSize(18).fillColor('#111827').text('Tax invoice', left, 56);
  doc.font('body').fontSize(10).fillColor('#374151');
  doc.moveDown(0.5);
  doc.text(`Invoice number: ${inv.invoice_number}`);
  doc.text(`Date: ${day(inv.issued_at)}`);
  doc.text(`Payment id: ${inv.provider_payment_id}`);
  doc.moveDown();

  const top = doc.y;
  const col = width / 2 - 8;
  doc.font('bold').text('Seller', left, top, { width: col });
  doc.font('body').text(inv.seller.legal_name, { width: col });
  doc.text(inv.seller.address, { width: col });
  doc.text(`GSTIN: ${inv.seller.gstin}`, { width: col });
  doc.text(`State: ${state(inv.seller.state_code)}`, { width: col });
  const sellerBottom = doc.y;

  doc.font('bold').text('Buyer', left + col + 16, top, { width: col });
  doc.font('body').text(inv.buyer_name, { width: col });
  if (inv.buyer_email) doc.text(inv.buyer_email, { width: col });
  if (inv.buyer_phone) doc.text(inv.buyer_phone, { width: col });
  if (inv.buyer_address) doc.text(inv.buyer_address, { width: col });
  if (inv.buyer_gstin) doc.text(`GSTIN: ${inv.buyer_gstin}`, { width: col });
  doc.y = Math.max(sellerBottom, doc.y);
  doc.x = left;
  doc.moveDown();
  doc.text(`Place of supply: ${state(inv.place_of_supply)}`, left, doc.y, { width });
  doc.moveDown();

  // The line and the tax, one row each: label on the left, amount on the right.
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'body');
    doc.text(label, left, y, { width: width - 140 });
    const after = doc.y;
    doc.text(amount, left + width - 140, y, { width: 140, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  doc.font('bold').text(`Description (SAC ${inv.sac})`, left, doc.y, { width });
  doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).strokeColor('#d1d5db').stroke();
  doc.y += 8;
  row(inv.description, money(inv.taxable_minor, inv.currency));
  row('Taxable value', money(inv.taxable_minor, inv.currency));
  if (inv.igst_minor > 0 || (inv.cgst_minor === 0 && inv.sgst_minor === 0 && inv.place_of_supply !== inv.seller.state_code)) {
    row(`IGST ${inv.gst_percent} %`, money(inv.igst_minor, inv.currency));
  } else {
    row(`CGST ${inv.gst_percent / 2} %`, money(inv.cgst_minor, inv.currency));
    row(`SGST ${inv.gst_percent / 2} %`, money(inv.sgst_minor, inv.currency));
  }
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#d1d5db').stroke();
  doc.y += 6;
  row('Total', money(inv.total_minor, inv.currency), true);
  doc.moveDown(2);
  doc.font('body').fontSize(8).fillColor('#6b7280')
    .text(`Amounts in ${inv.currency}. Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.`, left, doc.y, { width });
  doc.end();
  return done;
}
