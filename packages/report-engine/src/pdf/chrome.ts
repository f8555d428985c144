/** Header and footer on every page except the cover, drawn after the body so "Page N of M" is known. */
import { truncate, type Flow } from './flow.ts';
import { COLOR, PAGE, TYPE } from './theme.ts';

export interface ChromeInfo {
  title: string;
  reportId: string;
  tierLabel: string;
  productName: string;
  /** The report's version (1 for the first); every page names it. */
  version?: number | undefined;
  /** A shared copy's recipient line ("Shared with Acme Ventures · 28 November 2026"): on every page, and across it. */
  watermark?: string | undefined;
}

export function drawPageChrome(f: Flow, pageIndex: number, pageCount: number, info: ChromeInfo): void {
  f.silently(() => drawChrome(f, pageIndex, pageCount, info));
}

function drawChrome(f: Flow, pageIndex: number, pageCount: number, info: ChromeInfo): void {
  const doc = f.doc;
  doc.switchToPage(pageIndex);
  // pdfkit starts a new page when text is written below the bottom margin: lift it while we draw.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const left = PAGE.margin.left;
  const width = f.width;
  const title = truncate(info.title, 69, '…');
  f.textAt(`${info.productName} · Technology Assessment Report`, left, PAGE.headerY, { bold: true, size: TYPE.tiny, color: COLOR.accent });
  f.textAt(title, left + 200, PAGE.headerY, { size: TYPE.tiny, color: COLOR.muted, width: width - 200, align: 'right', height: 10 });
  doc
    .save()
    .moveTo(left, PAGE.headerY + 13)
    .lineTo(left + width, PAGE.headerY + 13)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke()
    .restore();

  const fy = PAGE.footerY;
  doc
    .save()
    .moveTo(left, fy - 6)
    .lineTo(left + width, fy - 6)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke()
    .restore();
  f.textAt(`${info.tierLabel} report${info.version ? ` · Version ${info.version}` : ''} · ID ${info.reportId}`, left, fy, {
    size: TYPE.tiny,
    color: COLOR.muted,
    width: width * 0.58,
    height: 10,
  });
  f.textAt(`Not investment or legal advice  ·  Page ${pageIndex + 1} of ${pageCount}`, left + width * 0.58, fy, {
    size: TYPE.tiny,
    color: COLOR.ink,
    width: width * 0.42,
    align: 'right',
    height: 10,
  });
  if (info.watermark) drawWatermark(f, info.watermark);
  doc.page.margins.bottom = bottom;
}

/** The recipient across the page, faint enough to read through, and in the header's line. */
export function drawWatermark(f: Flow, text: string): void {
  const doc = f.doc;
  const { width, height } = doc.page;
  f.textAt(text, PAGE.margin.left, PAGE.headerY + 16, { size: TYPE.tiny, color: COLOR.accent, bold: true, width: f.width, height: 10 });
  doc.save();
  doc.fillOpacity(0.09);
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  f.textAt(text, width / 2 - 260, height / 2 - 14, { size: 26, color: COLOR.navy, bold: true, width: 520, align: 'center', height: 40 });
  doc.restore();
}
