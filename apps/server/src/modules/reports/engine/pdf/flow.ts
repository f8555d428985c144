/**
 * A thin wrapper around a pdfkit document for top-to-bottom flowing layout: text with our type
 * settings, measuring, and explicit page breaks before elements that must not be split.
 */
import type PDFDocument from 'pdfkit';
import { CONTENT_BOTTOM, CONTENT_WIDTH, COLOR, FONT, PAGE, TYPE } from './theme.ts';

export type Doc = InstanceType<typeof PDFDocument>;

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
  width?: number;
  x?: number;
  align?: 'left' | 'right' | 'center' | 'justify';
  lineGap?: number;
  /** Space after the text. */
  after?: number;
}

/** Characters a PDF text run should not carry (controls, zero-width marks). */
export function clean(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const c = ch.charCodeAt(0);
    const control = (c < 0x20 && c !== 0x0a && c !== 0x09) || c === 0x7f;
    const invisible = (c >= 0x200b && c <= 0x200f) || c === 0x2028 || c === 0x2029 || c === 0xfeff;
    if (!control && !invisible) out += ch;
  }
  return out.trim();
}

export class Flow {
  constructor(readonly doc: Doc) {}

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
    this.doc.font(s.bold ? FONT.bold : FONT.regular).fontSize(s.size ?? TYPE.body).fillColor(s.color ?? COLOR.ink);
  }

  measure(text: string, s: TextStyle = {}): number {
    this.style(s);
    return this.doc.heightOfString(clean(text), { width: s.width ?? this.width, lineGap: s.lineGap ?? TYPE.lineGap });
  }

  /** Flowing text: pdfkit continues it on a new page when needed. */
  text(text: string, s: TextStyle = {}): void {
    const value = clean(text);
    if (!value) return;
    this.style(s);
    this.doc.text(value, s.x ?? this.left, this.doc.y, {
      width: s.width ?? this.width,
      align: s.align ?? 'left',
      lineGap: s.lineGap ?? TYPE.lineGap,
    });
    this.doc.x = this.left;
    if (s.after) this.gap(s.after);
  }

  /** Text at a fixed position that must not move the flow or break the page. */
  textAt(text: string, x: number, y: number, s: TextStyle & { height?: number } = {}): void {
    const value = clean(text);
    if (!value) return;
    const saved = this.doc.y;
    this.style(s);
    this.doc.text(value, x, y, {
      width: s.width,
      align: s.align ?? 'left',
      lineGap: s.lineGap ?? 1,
      height: s.height ?? 1000,
      lineBreak: s.width !== undefined,
    });
    this.doc.y = saved;
    this.doc.x = this.left;
  }

  rule(color: string = COLOR.rule, weight = 0.6): void {
    const y = this.doc.y;
    this.doc.save().moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(weight).strokeColor(color).stroke().restore();
  }
}
