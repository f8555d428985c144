/**
 * A plain A4 document drawn with the report's text stack — the same faces, script fallbacks
 * (Arabic, Devanagari, CJK, emoji), bidi and wrapping as the report (fonts.ts, text-layout.ts,
 * flow.ts) — for other documents the product issues: invoices and credit notes. One stack, so a
 * buyer named in Devanagari or Chinese prints on an invoice as in a report's title.
 *
 * Metadata is dated `createdAt` and fonts are subset deterministically, so the same input
 * renders to the same bytes. pdfkit loads with the first document, not with the importer.
 */
import { PRODUCT_NAME } from '@assay/shared';
import { Flow } from './flow.ts';
import { PAGE } from './theme.ts';

export type { TextStyle } from './flow.ts';

export interface PdfDocument {
  /** Text in flow (`text`), at a position (`textAt`), rules and the current `y`. */
  flow: Flow;
  /** Draws a line from (x1, y) to (x2, y). */
  line(x1: number, x2: number, y: number, color: string): void;
  /** Ends the document and resolves to the PDF. */
  finish(): Promise<Buffer>;
}

export async function openPdfDocument(meta: { title: string; author: string; createdAt: Date }): Promise<PdfDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { ...PAGE.margin },
    autoFirstPage: false,
    info: { Title: meta.title, Author: meta.author, Creator: PRODUCT_NAME, CreationDate: new Date(meta.createdAt) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const flow = new Flow(doc);
  flow.newPage();
  return {
    flow,
    line(x1, x2, y, color) {
      doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(1).strokeColor(color).stroke().restore();
    },
    finish() {
      doc.end();
      return done;
    },
  };
}
