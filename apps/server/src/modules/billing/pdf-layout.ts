import { createRequire } from 'node:module';
import { GST_STATES, PRODUCT_NAME } from '@assay/shared';
import type { InvoiceRow } from './invoice-row.ts';

/** The layout invoices and credit notes share: fonts, the seller and buyer columns, amount rows. */

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Integer minor units as a decimal amount with its currency: 12345 USD → "USD 123.45". */
export const money = (minor: number, currency: string) =>
  `${currency} ${(minor < 0 ? '-' : '')}${Math.floor(Math.abs(minor) / 100).toLocaleString('en-US')}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

export const day = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
export const state = (code: string) => `${GST_STATES[code] ?? 'Unknown'} (${code})`;

/**
 * A4 document with fixed fonts and metadata dated `createdAt`, so the same row renders to the
 * same bytes. `finish()` ends it and resolves to the PDF. PDFKit (~30 MB resident with its fonts
 * code) loads with the first document, not with the server.
 */
export async function startDocument(meta: { title: string; author: string; createdAt: Date }) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: { Title: meta.title, Author: meta.author, Creator: PRODUCT_NAME, CreationDate: new Date(meta.createdAt) },
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

  /** One amount row: label on the left, amount on the right. */
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'body');
    doc.text(label, left, y, { width: width - 140 });
    const after = doc.y;
    doc.text(amount, left + width - 140, y, { width: 140, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };

  /** Seller and buyer side by side (the invoice's snapshot), then the place of supply. */
  const parties = (inv: InvoiceRow) => {
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
  };

  /** The tax rows: IGST, or CGST + SGST, as the invoice split it. */
  const taxRows = (inv: InvoiceRow, t: { cgst: number; sgst: number; igst: number }, currency: string) => {
    if (inv.igst_minor > 0 || (inv.cgst_minor === 0 && inv.sgst_minor === 0 && inv.place_of_supply !== inv.seller.state_code)) {
      row(`IGST ${inv.gst_percent} %`, money(t.igst, currency));
    } else {
      row(`CGST ${inv.gst_percent / 2} %`, money(t.cgst, currency));
      row(`SGST ${inv.gst_percent / 2} %`, money(t.sgst, currency));
    }
  };

  const rule = (gap = 6) => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#d1d5db').stroke();
    doc.y += gap;
  };

  const finish = () => {
    doc.end();
    return done;
  };
  return { doc, left, width, row, parties, taxRows, rule, finish };
}
