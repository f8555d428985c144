/** Table of contents with real page numbers, drawn on pages reserved before the body. */
import type { Flow } from './flow.ts';
import { CONTENT_BOTTOM, COLOR, PAGE, TYPE } from './theme.ts';

export interface TocEntry {
  label: string;
  title: string;
  /** 1-based physical page number. */
  page: number;
  destination: string;
}

const ROW = 18;
/** Rows close up to this height before the contents spill onto a page of their own. */
const MIN_ROW = 14;
const TITLE_BLOCK = 56;

/** The row height: the usual one, or closer rows when that keeps the contents on one page. */
function rowHeight(entries: number): number {
  const fit = (CONTENT_BOTTOM - PAGE.margin.top - TITLE_BLOCK) / Math.max(1, entries);
  return fit >= ROW ? ROW : fit >= MIN_ROW ? Math.floor(fit * 10) / 10 : ROW;
}

/** How many pages the TOC needs for this many entries. */
export function tocPageCount(entries: number): number {
  const usable = CONTENT_BOTTOM - PAGE.margin.top;
  const row = rowHeight(entries);
  const first = Math.floor((usable - TITLE_BLOCK) / row);
  const next = Math.floor(usable / row);
  return entries <= first ? 1 : 1 + Math.ceil((entries - first) / next);
}

/** Draws the entries onto the reserved pages, starting at buffered page `firstPage` (0-based). */
export function drawToc(f: Flow, firstPage: number, entries: readonly TocEntry[]): void {
  const doc = f.doc;
  const row = rowHeight(entries.length);
  let pageIndex = firstPage;
  doc.switchToPage(pageIndex);
  f.y = PAGE.margin.top;
  f.text('Contents', { bold: true, size: TYPE.h1, color: COLOR.navy, after: 16 });
  for (const e of entries) {
    if (f.y + row > CONTENT_BOTTOM) {
      pageIndex++;
      doc.switchToPage(pageIndex);
      f.y = PAGE.margin.top;
    }
    const y = f.y;
    const numW = 34;
    f.textAt(e.label, f.left, y, { size: TYPE.body, color: COLOR.muted, width: 26 });
    const titleW = Math.min(f.widthOf(e.title, { size: TYPE.body }), f.width - 26 - numW - 20);
    f.textAt(e.title, f.left + 26, y, { size: TYPE.body, color: COLOR.ink, width: titleW + 2, height: row });
    // Dotted leader between title and page number.
    const x0 = f.left + 26 + titleW + 6;
    const x1 = f.left + f.width - numW - 4;
    if (x1 > x0) {
      doc
        .save()
        .moveTo(x0, y + 9)
        .lineTo(x1, y + 9)
        .dash(1, { space: 2.5 })
        .lineWidth(0.6)
        .strokeColor(COLOR.faint)
        .stroke()
        .undash()
        .restore();
    }
    f.textAt(String(e.page), f.left + f.width - numW, y, { size: TYPE.body, bold: true, color: COLOR.navy, width: numW, align: 'right' });
    doc.goTo(f.left, y - 2, f.width, row - 2, e.destination);
    f.y = y + row;
  }
}
