import { countryName, formatDay, formatMoney, GST_STATES, OUTSIDE_INDIA } from '@assay/shared';
import type { InvoiceRow } from './invoice-row.ts';

/**
 * The layout invoices and credit notes share: the seller and buyer columns, amount rows. Text is
 * drawn with the report engine's text stack (`openPdfDocument`: its fonts and script fallbacks,
 * bidi and wrapping), so a buyer named in Devanagari, Chinese, Arabic or Cyrillic prints as
 * written. The engine loads with the first document (it runs in the render workers).
 */

/** Tax documents (and the mails about them) write amounts with the currency's code: 12345 USD → "USD 123.45". */
export const money = (minor: number, currency: string) => formatMoney(minor, currency, { code: true });

/** A tax document's dates are days in India, where the supply is made and taxed. */
export const day = (d: Date) => formatDay(d, 'Asia/Kolkata');
export const state = (code: string) => `${GST_STATES[code] ?? 'Unknown'} (${code})`;

/** The words rule 46 of the CGST Rules asks of an export invoice; none for a supply in India. */
export function exportEndorsement(inv: Pick<InvoiceRow, 'place_of_supply' | 'lut_number'>): string | null {
  if (inv.place_of_supply !== OUTSIDE_INDIA) return null;
  return inv.lut_number
    ? `Supply meant for export under LUT without payment of IGST (LUT ARN ${inv.lut_number})`
    : 'Supply meant for export on payment of IGST';
}

const INK = '#111827';
const BODY = '#374151';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const AMOUNT_WIDTH = 140;

/**
 * An A4 document dated `createdAt` (the same row renders to the same bytes). `finish()` ends it
 * and resolves to the PDF.
 */
export async function startDocument(meta: { title: string; author: string; createdAt: Date }) {
  const { openPdfDocument } = await import('@assay/report-engine');
  const pdf = await openPdfDocument(meta);
  const f = pdf.flow;
  const left = f.left;
  const width = f.width;
  f.y = 56;

  const heading = (text: string) => f.text(text, { bold: true, size: 18, color: INK, after: 6 });
  const line = (text: string, bold = false) => f.text(text, { bold, size: 10, color: BODY, lineGap: 2 });
  const gap = (points = 12) => f.gap(points);

  /** One amount row: label on the left, amount on the right. */
  const row = (label: string, amount: string, bold = false) => {
    const top = f.y;
    f.textAt(amount, left + width - AMOUNT_WIDTH, top, { bold, size: 10, color: BODY, width: AMOUNT_WIDTH, align: 'right' });
    f.text(label, { bold, size: 10, color: BODY, width: width - AMOUNT_WIDTH, lineGap: 2 });
    f.y = Math.max(f.y, top + 14) + 4;
  };

  /** A column's title over a rule. */
  const columnHeader = (text: string) => {
    f.text(text, { bold: true, size: 10, color: BODY, lineGap: 2 });
    pdf.line(left, left + width, f.y + 2, RULE);
    f.y += 8;
  };

  /** Seller and buyer side by side (the invoice's snapshot), then the place of supply. */
  const parties = (inv: InvoiceRow) => {
    const top = f.y;
    const col = width / 2 - 8;
    const column = (x: number, title: string, lines: Array<string | null>) => {
      f.y = top;
      f.text(title, { bold: true, size: 10, color: BODY, x, width: col, lineGap: 2 });
      for (const l of lines) if (l) f.text(l, { size: 10, color: BODY, x, width: col, lineGap: 2 });
      return f.y;
    };
    const sellerBottom = column(left, 'Seller', [
      inv.seller.legal_name,
      inv.seller.address,
      `GSTIN: ${inv.seller.gstin}`,
      `State: ${state(inv.seller.state_code)}`,
    ]);
    const buyerBottom = column(left + col + 16, 'Buyer', [
      inv.buyer_name,
      inv.buyer_email || null,
      inv.buyer_phone,
      inv.buyer_address,
      inv.buyer_country ? countryName(inv.buyer_country) : null,
      inv.buyer_gstin ? `GSTIN: ${inv.buyer_gstin}` : null,
    ]);
    f.y = Math.max(sellerBottom, buyerBottom) + 12;
    line(`Place of supply: ${state(inv.place_of_supply)}`);
    const endorsement = exportEndorsement(inv);
    if (endorsement) line(endorsement, true);
    gap();
  };

  /** The tax rows: IGST, or CGST + SGST, as the invoice split it. */
  const taxRows = (inv: InvoiceRow, t: { cgst: number; sgst: number; igst: number }, currency: string) => {
    if (inv.lut_number) {
      row('IGST 0 % (zero-rated export)', money(0, currency));
    } else if (inv.igst_minor > 0 || (inv.cgst_minor === 0 && inv.sgst_minor === 0 && inv.place_of_supply !== inv.seller.state_code)) {
      row(`IGST ${inv.gst_percent} %`, money(t.igst, currency));
    } else {
      row(`CGST ${inv.gst_percent / 2} %`, money(t.cgst, currency));
      row(`SGST ${inv.gst_percent / 2} %`, money(t.sgst, currency));
    }
  };

  const rule = (space = 6) => {
    pdf.line(left, left + width, f.y, RULE);
    f.y += space;
  };

  /** Small print at the foot. */
  const footnote = (text: string) => {
    gap(24);
    f.text(text, { size: 8, color: MUTED, lineGap: 1.5 });
  };

  return { heading, line, gap, row, columnHeader, parties, taxRows, rule, footnote, finish: () => pdf.finish() };
}
