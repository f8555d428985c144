/**
 * A thin wrapper around a pdfkit document for top-to-bottom flowing layout: text with our type
 * settings, measuring, and explicit page breaks before elements that must not be split. Text is
 * laid out by text-layout.ts (font fallback per script, bidi, wrapping) and drawn run by run.
 */
import { useFace, type Doc } from './fonts.ts';
import { layoutText, type Line } from './text-layout.ts';
import { CONTENT_BOTTOM, CONTENT_WIDTH, COLOR, PAGE, TYPE } from './theme.ts';

export type { Doc } from './fonts.ts';

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
  width?: number;
  x?: number;
  /** Right-to-left paragraphs aligned left are drawn aligned right. */
  align?: 'left' | 'right' | 'center';
  lineGap?: number;
  /** Space after the text. */
  after?: number;
}

/** Characters a PDF text run should not carry (controls, zero-width marks but the joiners ZWNJ and ZWJ, which shape Arabic, Indic and emoji). */
export function clean(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const c = ch.charCodeAt(0);
    const control = (c < 0x20 && c !== 0x0a && c !== 0x09) || c === 0x7f;
    const invisible = c === 0x200b || (c >= 0x200e && c <= 0x200f) || c === 0x2028 || c === 0x2029 || c === 0xfeff;
    if (!control && !invisible) out += ch;
  }
  return out.trim();
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * The first `max` characters (graphemes, so no emoji or accent is cut in half) and an ellipsis;
 * a word cut at the end is dropped when a space is near, as text without spaces (CJK) has none.
 */
export function truncate(text: string, max: number, ellipsis = ' …'): string {
  const parts = Array.from(graphemes.segment(text), (g) => g.segment);
  if (parts.length <= max) return text;
  const head = parts.slice(0, max).join('');
  const space = head.search(new RegExp(`\\s\\S{0,${Math.min(40, Math.floor(max / 5))}}$`, 'u'));
  return `${space > 0 ? head.slice(0, space) : head}${ellipsis}`;
}

export class Flow {
  constructor(readonly doc: Doc) {}

  /** What the reader sees, in reading order: page headers and footers left out, a table row one entry. */
  readonly transcript: string[] = [];
  /** The part of it the writer wrote (sections' bodies), without the furniture every report of a tier shares by design. */
  readonly writing: string[] = [];
  private quiet = 0;
  private writingDepth = 0;

  /** Draws what the writer wrote (counted as writing), or — with `false` — furniture inside it (a chart's labels). */
  as<T>(writing: boolean, draw: () => T): T {
    const saved = this.writingDepth;
    this.writingDepth = writing ? saved + 1 : 0;
    try {
      return draw();
    } finally {
      this.writingDepth = saved;
    }
  }

  /** Draws without adding to the transcript: page furniture, and cells of a row already recorded whole. */
  silently<T>(draw: () => T): T {
    this.quiet++;
    try {
      return draw();
    } finally {
      this.quiet--;
    }
  }

  /** Records text drawn by other means (a table row, as one entry). */
  note(text: string): void {
    if (this.quiet > 0 || !text.trim()) return;
    this.transcript.push(text);
    if (this.writingDepth > 0) this.writing.push(text);
  }

  get y(): number {
    return this.doc.y;
  }

  set y(value: number) {
    this.doc.y = value;
  }

  get left(): number {
    return PAGE.margin.left;
  }

  get width(): number {
    return CONTENT_WIDTH;
  }

  remaining(): number {
    return CONTENT_BOTTOM - this.doc.y;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.x = PAGE.margin.left;
    this.doc.y = PAGE.margin.top;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.remaining() < height) this.newPage();
  }

  gap(points: number): void {
    if (this.remaining() > points) this.doc.y += points;
  }

  style(s: TextStyle): void {
    useFace(this.doc, 'base', s.bold ?? false);
    this.doc.fontSize(s.size ?? TYPE.body).fillColor(s.color ?? COLOR.ink);
  }

  private lines(text: string, s: TextStyle, width: number | undefined): Line[] {
    return layoutText(this.doc, text, { size: s.size ?? TYPE.body, bold: s.bold ?? false, width });
  }

  measure(text: string, s: TextStyle = {}): number {
    const gap = s.lineGap ?? TYPE.lineGap;
    return this.lines(clean(text), s, s.width ?? this.width).reduce((h, l) => h + l.height + gap, 0);
  }

  /** Width of text on one line (its widest line when it has newlines). */
  widthOf(text: string, s: TextStyle = {}): number {
    return Math.max(0, ...this.lines(clean(text), s, undefined).map((l) => l.width));
  }

  private drawLine(line: Line, x: number, top: number, width: number | undefined, s: TextStyle): void {
    const align = s.align === 'left' || s.align === undefined ? (line.rtl ? 'right' : 'left') : s.align;
    const free = width === undefined ? 0 : width - line.width;
    let cx = align === 'right' ? x + free : align === 'center' ? x + free / 2 : x;
    for (const run of line.runs) {
      useFace(this.doc, run.face, s.bold ?? false);
      if (run.actual) this.doc.markContent('Span', { actual: run.actual });
      this.doc.text(run.text, cx, top + line.ascent, { lineBreak: false, baseline: 'alphabetic', ...(run.shaped ? { features: [] } : {}) });
      if (run.actual) this.doc.endMarkedContent();
      cx += run.width;
    }
  }

  /** Flowing text: continues on a new page when a line would run past the bottom margin. */
  text(text: string, s: TextStyle = {}): void {
    const value = clean(text);
    if (!value) return;
    this.note(value);
    const width = s.width ?? this.width;
    const gap = s.lineGap ?? TYPE.lineGap;
    const lines = this.lines(value, s, width);
    this.style(s);
    for (const line of lines) {
      if (this.doc.y + line.height > CONTENT_BOTTOM && this.doc.y > PAGE.margin.top) this.newPage();
      const top = this.doc.y;
      this.drawLine(line, s.x ?? this.left, top, width, s);
      this.doc.y = top + line.height + gap;
    }
    this.doc.x = this.left;
    if (s.after) this.gap(s.after);
  }

  /**
   * Text at a fixed position that must not move the flow or break the page: wrapped to `width`
   * when given, and cut to the lines that fit in `height`.
   */
  textAt(text: string, x: number, y: number, s: TextStyle & { height?: number } = {}): void {
    const value = clean(text);
    if (!value) return;
    this.note(value);
    const gap = s.lineGap ?? 1;
    const saved = this.doc.y;
    let top = y;
    const lines = this.lines(value, s, s.width);
    this.style(s);
    for (const line of lines) {
      if (top > y && top + line.height > y + (s.height ?? 1000)) break;
      this.drawLine(line, x, top, s.width, s);
      top += line.height + gap;
    }
    this.doc.y = saved;
    this.doc.x = this.left;
  }

  rule(color: string = COLOR.rule, weight = 0.6): void {
    const y = this.doc.y;
    this.doc
      .save()
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke()
      .restore();
  }
}
