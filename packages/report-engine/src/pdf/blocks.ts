/** Draws the content blocks of a section: paragraphs, bullet lists, tables, callouts, badges. */
import type { Block, CalloutBlock, Confidence, TableBlock } from '../content/report-content.ts';
import { clean, type Flow } from './flow.ts';
import { COLOR, TYPE } from './theme.ts';

const CELL_PAD = 4;
const BULLET_INDENT = 13;

export function drawSubheading(f: Flow, title: string): void {
  f.ensure(40);
  f.text(title, { bold: true, size: TYPE.h3, color: COLOR.navy, after: 4 });
}

export function drawParagraph(f: Flow, text: string, lead = false): void {
  f.ensure(30);
  f.text(text, { size: lead ? TYPE.lead : TYPE.body, after: 7 });
}

export function drawBullets(f: Flow, items: readonly string[], opts: { numbered?: boolean; color?: string } = {}): void {
  items.forEach((item, i) => {
    // A cheap estimate is enough here: the text itself flows onto the next page if needed.
    const lines = Math.ceil((item.length * TYPE.body * 0.55) / (f.width - BULLET_INDENT));
    f.ensure(Math.min(60, lines * (TYPE.body * 1.2 + TYPE.lineGap) + 4));
    const y = f.y;
    const marker = opts.numbered ? `${i + 1}.` : '•';
    f.textAt(marker, f.left + 1, y, { bold: opts.numbered, color: opts.color ?? COLOR.accent, size: TYPE.body });
    f.text(item, { x: f.left + BULLET_INDENT, width: f.width - BULLET_INDENT, after: 3 });
  });
  f.gap(4);
}

/** Widest single word of a column, so no column is narrower than its longest word. */
function minColumnWidth(f: Flow, t: TableBlock, i: number): number {
  // Measuring every word is costly (font shaping): measure only the longest few by length.
  const words = [t.columns[i] ?? '', ...t.rows.map((r) => r[i] ?? '')]
    .flatMap((text, row) =>
      text
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => ({ w, bold: row === 0 })),
    )
    .sort((a, b) => b.w.length - a.w.length)
    .slice(0, 3);
  let widest = 0;
  for (const { w, bold } of words) widest = Math.max(widest, f.widthOf(w, { size: TYPE.small, bold }));
  // pdfkit measures a word with its trailing space: leave room for it.
  return Math.min(widest + 2 * CELL_PAD + 6, 120);
}

/** Column widths proportional to content length, never below a column's longest word. */
function columnWidths(f: Flow, t: TableBlock): number[] {
  const weights = t.columns.map((c, i) => {
    const lengths = [c.length, ...t.rows.map((r) => (r[i] ?? '').length)];
    const avg = lengths.reduce((sum, l) => sum + l, 0) / lengths.length;
    return Math.min(60, Math.max(4, avg));
  });
  const mins = t.columns.map((_, i) => minColumnWidth(f, t, i));
  const pinned = new Set<number>();
  let widths: number[] = [];
  for (let pass = 0; pass <= t.columns.length; pass++) {
    const free = f.width - [...pinned].reduce((sum, i) => sum + mins[i]!, 0);
    const freeWeight = weights.reduce((sum, w, i) => (pinned.has(i) ? sum : sum + w), 0);
    widths = weights.map((w, i) => (pinned.has(i) ? mins[i]! : (w / freeWeight) * free));
    const under = widths.findIndex((w, i) => !pinned.has(i) && w < mins[i]!);
    if (under < 0) break;
    pinned.add(under);
  }
  return widths;
}

function rowHeight(f: Flow, cells: readonly string[], widths: number[], bold: boolean): number {
  let h = 0;
  cells.forEach((c, i) => {
    h = Math.max(h, f.measure(c || ' ', { size: TYPE.small, bold, width: widths[i]! - 2 * CELL_PAD, lineGap: 1 }));
  });
  return h + 2 * CELL_PAD;
}

function drawRow(f: Flow, cells: readonly string[], widths: number[], opts: { header: boolean; fill?: string; height?: number }): void {
  const h = opts.height ?? rowHeight(f, cells, widths, opts.header);
  const y = f.y;
  const doc = f.doc;
  if (opts.fill) doc.save().rect(f.left, y, f.width, h).fill(opts.fill).restore();
  let x = f.left;
  f.note(cells.filter(Boolean).join(' · '));
  f.silently(() =>
    cells.forEach((c, i) => {
      f.textAt(c, x + CELL_PAD, y + CELL_PAD, {
        size: TYPE.small,
        bold: opts.header,
        color: opts.header ? COLOR.navy : COLOR.ink,
        width: widths[i]! - 2 * CELL_PAD,
        height: h,
      });
      x += widths[i]!;
    }),
  );
  doc
    .save()
    .moveTo(f.left, y + h)
    .lineTo(f.left + f.width, y + h)
    .lineWidth(0.4)
    .strokeColor(COLOR.rule)
    .stroke()
    .restore();
  f.y = y + h;
}

export function drawTable(f: Flow, t: TableBlock): void {
  const widths = columnWidths(f, t);
  const headerH = rowHeight(f, t.columns, widths, true);
  const firstRowH = t.rows[0] ? rowHeight(f, t.rows[0], widths, false) : 0;
  f.ensure((t.title ? 22 : 0) + headerH + firstRowH + 4);
  if (t.title) f.text(t.title, { bold: true, size: TYPE.h3, color: COLOR.navy, after: 3 });
  drawRow(f, t.columns, widths, { header: true, fill: COLOR.tableHeader, height: headerH });
  t.rows.forEach((row, r) => {
    const cells = t.columns.map((_, i) => row[i] ?? '');
    const h = rowHeight(f, cells, widths, false);
    if (f.remaining() < h) {
      f.newPage();
      // The header repeated on a new page is furniture: the reader has read it once.
      f.silently(() => drawRow(f, t.columns, widths, { header: true, fill: COLOR.tableHeader, height: headerH }));
    }
    drawRow(f, cells, widths, { header: false, fill: r % 2 === 1 ? COLOR.zebra : undefined, height: h });
  });
  f.gap(10);
}

export function drawCallout(f: Flow, c: Pick<CalloutBlock, 'kind' | 'title' | 'items'>): void {
  const palette = COLOR[c.kind];
  const innerW = f.width - 18;
  const title = c.title ?? palette.label;
  const itemsH = c.items.reduce(
    (s, it) => s + f.measure(it, { size: TYPE.small + 0.5, width: innerW - (c.items.length > 1 ? 10 : 0), lineGap: 1.5 }) + 3,
    0,
  );
  const h = 8 + f.measure(title, { bold: true, size: TYPE.small + 0.5 }) + 3 + itemsH + 6;
  f.ensure(h <= 650 ? h : 120);
  const doc = f.doc;
  const top = f.y;
  const fits = h <= f.remaining();
  if (fits) {
    doc.save().rect(f.left, top, f.width, h).fill(palette.fill).restore();
    doc.save().rect(f.left, top, 3, h).fill(palette.bar).restore();
  }
  f.y = top + 8;
  f.text(title, { bold: true, size: TYPE.small + 0.5, color: palette.bar, x: f.left + 12, width: innerW, after: 3 });
  for (const item of c.items) {
    if (c.items.length > 1) {
      const y = f.y;
      f.textAt('–', f.left + 12, y, { size: TYPE.small + 0.5, color: palette.bar });
      f.text(item, { size: TYPE.small + 0.5, x: f.left + 22, width: innerW - 10, lineGap: 1.5, after: 3 });
    } else {
      f.text(item, { size: TYPE.small + 0.5, x: f.left + 12, width: innerW, lineGap: 1.5, after: 3 });
    }
  }
  if (fits) f.y = Math.max(f.y, top + h);
  f.gap(10);
}

export function drawConfidenceBadge(f: Flow, c: Confidence): void {
  const label = `Confidence: ${c.level.toUpperCase()}`;
  f.ensure(34);
  const doc = f.doc;
  const w = f.widthOf(label, { bold: true, size: TYPE.small }) + 14;
  const y = f.y;
  doc.save().roundedRect(f.left, y, w, 15, 7).fill(COLOR.level[c.level]).restore();
  f.textAt(label, f.left + 7, y + 3.5, { bold: true, size: TYPE.small, color: '#FFFFFF' });
  f.y = y;
  f.text(clean(c.reason), { size: TYPE.small + 0.5, color: COLOR.muted, x: f.left + w + 8, width: f.width - w - 8, lineGap: 1.5 });
  f.y = Math.max(f.y, y + 15);
  f.gap(10);
}

export function drawBlock(f: Flow, b: Block): void {
  switch (b.type) {
    case 'paragraph':
      drawParagraph(f, b.text);
      return;
    case 'bullets':
      if (b.title) drawSubheading(f, b.title);
      drawBullets(f, b.items);
      return;
    case 'table':
      drawTable(f, b);
      return;
    case 'callout':
      drawCallout(f, b);
      return;
  }
}
