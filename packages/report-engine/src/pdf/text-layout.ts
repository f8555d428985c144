// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- programs that import the engine (the server) must see these declarations too
/// <reference path="./untyped-modules.d.ts" />
/**
 * Lays text out into lines for pdfkit, which by itself knows one font per string and no bidi:
 * each paragraph is split into runs by face (fonts.ts) and by bidi level (bidi-js), broken into
 * lines at Unicode line-break opportunities (between CJK characters too; linebreak, as pdfkit
 * uses), a word wider than the line is broken between graphemes, and each line's runs are put
 * in visual order. Right-to-left runs are shaped whole by fontkit, which reverses them.
 */
import bidiFactory from 'bidi-js';
import LineBreaker from 'linebreak';
import { cjkOrder, faceFor, faceMetrics, useFace, type Doc, type FaceKey } from './fonts.ts';

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** Characters of right-to-left scripts and bidi controls: text without them skips the bidi algorithm. */
const RTL = /[\u0590-\u08FF\u200F\u202B\u202E\u2067\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** Letters fontkit shapes right to left (it reverses such a run itself). */
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const EMOJI_VS = 0xfe0f;
const COMPLEX: ReadonlySet<FaceKey> = new Set(['arabic', 'devanagari']);
/** Text the base face draws whole (Latin, Latin-1, general punctuation): one run, no per-character lookups. */
const BASE_ONLY = /^[\u0020-\u007E\u00A0-\u017F\u2010-\u2027\u2030-\u205E]*$/;

export interface TextBox {
  size: number;
  bold: boolean;
  /** Wrap to this width; without it only explicit newlines break lines. */
  width?: number;
}

export interface Run {
  text: string;
  face: FaceKey;
  width: number;
  /** Shape as one right-to-left run (fontkit reverses it). */
  shaped: boolean;
  /**
   * The run's characters in reading order, for text extraction, where its glyphs do not map one
   * to one back to characters (Arabic dots are glyphs of their own, Devanagari vowels reorder).
   */
  actual?: string;
}

export interface Line {
  /** Runs in visual order, left to right. */
  runs: Run[];
  width: number;
  /** Baseline below the top of the line, and the line's height, in points. */
  ascent: number;
  height: number;
  /** The paragraph reads right to left: the line is aligned right. */
  rtl: boolean;
}

interface Piece {
  start: number;
  end: number;
  face: FaceKey;
  level: number;
}

function measure(doc: Doc, text: string, face: FaceKey, box: TextBox, shaped: boolean): number {
  useFace(doc, face, box.bold);
  doc.fontSize(box.size);
  return shaped ? doc.widthOfString(text, { features: [] } as object) : doc.widthOfString(text);
}

/** Runs of one face and one bidi level, in logical order. */
function itemize(para: string, cjk: readonly FaceKey[], levels: Uint8Array | null): Piece[] {
  if (!levels && BASE_ONLY.test(para)) return [{ start: 0, end: para.length, face: 'base', level: 0 }];
  const pieces: Piece[] = [];
  let previous: FaceKey | null = null;
  let i = 0;
  for (const ch of para) {
    const next = para.codePointAt(i + ch.length);
    const face = faceFor(ch, previous, cjk, next === EMOJI_VS);
    const level = levels ? levels[i]! : 0;
    const last = pieces.at(-1);
    if (last && last.face === face && last.level === level) last.end = i + ch.length;
    else pieces.push({ start: i, end: i + ch.length, face, level });
    previous = face;
    i += ch.length;
  }
  return pieces;
}

/** The pieces of [start, end), cut to that range. */
function slice(pieces: readonly Piece[], start: number, end: number): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    if (p.end <= start || p.start >= end) continue;
    out.push({ ...p, start: Math.max(p.start, start), end: Math.min(p.end, end) });
  }
  return out;
}

function shapedRun(para: string, p: Piece): { text: string; shaped: boolean } {
  const text = para.slice(p.start, p.end);
  if (p.level % 2 === 0) return { text, shaped: false };
  const mirrored = Array.from(text, (c) => bidi.getMirroredCharacter(c) ?? c);
  // fontkit reverses a run only when it finds right-to-left letters in it; reverse the rest here.
  return RTL_LETTER.test(text) ? { text: mirrored.join(''), shaped: true } : { text: mirrored.reverse().join(''), shaped: false };
}

function widthOf(doc: Doc, para: string, pieces: readonly Piece[], start: number, end: number, box: TextBox): number {
  let w = 0;
  for (const p of slice(pieces, start, end)) {
    const r = shapedRun(para, p);
    w += measure(doc, r.text, p.face, box, r.shaped);
  }
  return w;
}

const trimmedEnd = (para: string, start: number, end: number) => start + para.slice(start, end).trimEnd().length;

/** Greedy line breaking at break opportunities; a segment wider than the line is cut between graphemes. */
function breakLines(doc: Doc, para: string, pieces: readonly Piece[], box: TextBox, max: number): Array<[number, number]> {
  const lines: Array<[number, number]> = [];
  let start = 0;
  let end = 0;
  let used = 0;
  const push = (next: number) => {
    if (end > start) lines.push([start, end]);
    start = next;
    end = next;
    used = 0;
  };
  const breaker = new LineBreaker(para);
  let from = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    const to = bk.position;
    // Like pdfkit, a segment fits when it fits with its trailing space.
    const whole = widthOf(doc, para, pieces, from, to, box);
    if (used + whole <= max + 0.01) {
      used += whole;
      end = to;
    } else {
      push(from);
      if (widthOf(doc, para, pieces, from, trimmedEnd(para, from, to), box) <= max + 0.01) {
        used = whole;
        end = to;
      } else {
        for (const g of graphemes.segment(para.slice(from, to))) {
          const gs = from + g.index;
          const ge = gs + g.segment.length;
          const w = widthOf(doc, para, pieces, gs, ge, box);
          if (used + w > max + 0.01 && end > start && g.segment.trim()) push(gs);
          used += w;
          end = ge;
        }
      }
    }
    from = to;
  }
  push(para.length);
  return lines;
}

/** UAX #9 rule L2: reverse every sequence of pieces at or above each odd level, highest first. */
function visualOrder(pieces: Piece[]): Piece[] {
  if (pieces.every((p) => p.level === 0)) return pieces;
  const max = Math.max(0, ...pieces.map((p) => p.level));
  const lowestOdd = Math.min(...pieces.map((p) => p.level | 1));
  const out = [...pieces];
  for (let level = max; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length; i++) {
      if (out[i]!.level < level) continue;
      let j = i;
      while (j + 1 < out.length && out[j + 1]!.level >= level) j++;
      out.splice(i, j - i + 1, ...out.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return out;
}

function buildLine(doc: Doc, para: string, pieces: readonly Piece[], start: number, end: number, box: TextBox, rtl: boolean): Line {
  let ascent = faceMetrics('base').ascent;
  let height = faceMetrics('base').height;
  const runs: Run[] = [];
  for (const p of visualOrder(slice(pieces, start, trimmedEnd(para, start, end)))) {
    const r = shapedRun(para, p);
    const actual = COMPLEX.has(p.face) ? para.slice(p.start, p.end) : undefined;
    runs.push({ ...r, face: p.face, width: measure(doc, r.text, p.face, box, r.shaped), actual });
    ascent = Math.max(ascent, faceMetrics(p.face).ascent);
    height = Math.max(height, faceMetrics(p.face).height);
  }
  return { runs, width: runs.reduce((s, r) => s + r.width, 0), ascent: ascent * box.size, height: height * box.size, rtl };
}

/** Lays text out into lines (a blank paragraph is an empty line, as in pdfkit). */
export function layoutText(doc: Doc, text: string, box: TextBox): Line[] {
  const cjk = cjkOrder(text);
  const lines: Line[] = [];
  for (const para of text.split('\n')) {
    const embedding = RTL.test(para) ? bidi.getEmbeddingLevels(para) : null;
    const rtl = (embedding?.paragraphs[0]?.level ?? 0) % 2 === 1;
    const pieces = itemize(para, cjk, embedding?.levels ?? null);
    const ranges = box.width === undefined ? [[0, para.length] as [number, number]] : breakLines(doc, para, pieces, box, box.width);
    if (ranges.length === 0) ranges.push([0, 0]);
    for (const [start, end] of ranges) lines.push(buildLine(doc, para, pieces, start, end, box, rtl));
  }
  return lines;
}
