// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- programs that import the engine (the server) must see these declarations too
/// <reference path="./untyped-modules.d.ts" />
/**
 * Fonts for the report PDF, from npm packages and the workspace's @assay/cjk-fonts (no system
 * fonts, no apt): pdfkit subsets and embeds each TrueType font it draws with, so a PDF carries
 * only the glyphs it uses.
 *
 * DejaVu Sans is the base face (Latin, Greek, Cyrillic, the arrows and symbols the report
 * draws); Noto faces cover the scripts members also write in: Arabic, Devanagari, Chinese,
 * Japanese, Korean, and monochrome emoji. Text is split into runs by script and glyph coverage
 * (`faceFor`), and each run is drawn with a face that has its glyphs. Faces are read once per
 * process and only when some text needs them: the CJK faces are 5-10 MB each.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

export type Doc = InstanceType<typeof PDFDocument>;

export type FaceKey = 'base' | 'arabic' | 'devanagari' | 'sc' | 'jp' | 'kr' | 'emoji';

interface Face {
  regular: string;
  bold: string;
  /** Line box in ems: where the baseline sits below the top of the line, and the line's height. */
  ascent: number;
  height: number;
}

const noto = (pkg: string, family: string) => ({
  regular: `@expo-google-fonts/${pkg}/400Regular/${family}_400Regular.ttf`,
  bold: `@expo-google-fonts/${pkg}/700Bold/${family}_700Bold.ttf`,
});
// The CJK faces come from our own package with only the two weights drawn here: their npm
// packages ship nine weights each, 196 MB of every install for 44 MB read (decision 211).
const cjk = (family: string) => ({
  regular: `@assay/cjk-fonts/fonts/${family}_400Regular.ttf`,
  bold: `@assay/cjk-fonts/fonts/${family}_700Bold.ttf`,
});

// The base metrics are DejaVu's own (hhea), so Latin lays out exactly as it always has; the
// others are set by eye: Noto's own hhea values (Arabic: 2.1 em) would double-space paragraphs.
const FACES: Record<FaceKey, Face> = {
  base: {
    regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
    bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
    ascent: 1901 / 2048,
    height: 2384 / 2048,
  },
  arabic: { ...noto('noto-sans-arabic', 'NotoSansArabic'), ascent: 1.02, height: 1.5 },
  devanagari: { ...noto('noto-sans-devanagari', 'NotoSansDevanagari'), ascent: 0.96, height: 1.42 },
  sc: { ...cjk('NotoSansSC'), ascent: 0.93, height: 1.24 },
  jp: { ...cjk('NotoSansJP'), ascent: 0.93, height: 1.24 },
  kr: { ...cjk('NotoSansKR'), ascent: 0.93, height: 1.24 },
  emoji: { ...noto('noto-emoji', 'NotoEmoji'), ascent: 0.93, height: 1.17 },
};

export function faceMetrics(face: FaceKey): { ascent: number; height: number } {
  return FACES[face];
}

const resolve = createRequire(import.meta.url).resolve;
const files = new Map<string, Buffer>();
const coverage = new Map<FaceKey, { font: fontkit.Font; known: Map<number, boolean> }>();

function file(face: FaceKey, bold: boolean): Buffer {
  const spec = bold ? FACES[face].bold : FACES[face].regular;
  let data = files.get(spec);
  if (!data) {
    data = readFileSync(resolve(spec));
    files.set(spec, data);
  }
  return data;
}

/** Whether a face has a glyph for a code point (bold faces cover the same characters). */
export function covers(face: FaceKey, cp: number): boolean {
  let c = coverage.get(face);
  if (!c) {
    c = { font: fontkit.create(file(face, false)), known: new Map() };
    coverage.set(face, c);
  }
  let has = c.known.get(cp);
  if (has === undefined) {
    has = c.font.hasGlyphForCodePoint(cp);
    c.known.set(cp, has);
  }
  return has;
}

const registered = new WeakMap<Doc, Set<string>>();

/** Selects a face on the document, registering it with the document the first time. */
export function useFace(doc: Doc, face: FaceKey, bold: boolean): void {
  const name = `${face}${bold ? '-bold' : ''}`;
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, file(face, bold));
    names.add(name);
  }
  doc.font(name);
}

const ARABIC = /[\p{Script=Arabic}]/u;
const DEVANAGARI = /[\p{Script=Devanagari}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303F\uFF00-\uFFEF]/u;
const EMOJI = /[\p{Emoji_Presentation}\p{Emoji_Modifier}\u{1F1E6}-\u{1F1FF}]|\uFE0F|\u20E3/u;
/** Marks and joiners belong to the character before them. */
const JOINER = /\p{M}|\u200C|\u200D/u;
/** Characters that belong to no script: they stay in the face of the text around them (not emoji's, whose space is wide). */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** The CJK faces in the order to try them for this text: Japanese when it has kana, Korean when Hangul. */
export function cjkOrder(text: string): FaceKey[] {
  if (KANA.test(text)) return ['jp', 'sc', 'kr'];
  if (HANGUL.test(text)) return ['kr', 'sc', 'jp'];
  return ['sc', 'jp', 'kr'];
}

/**
 * The face to draw a character with: the face made for its script, else the face of the
 * character before it (for marks, joiners, spaces and punctuation), else the first face that has it.
 * CJK faces are only opened for CJK characters or as the very last resort.
 */
export function faceFor(ch: string, previous: FaceKey | null, cjk: readonly FaceKey[], emojiNext: boolean): FaceKey {
  const cp = ch.codePointAt(0)!;
  const first = (faces: readonly FaceKey[]) => faces.find((f) => covers(f, cp));
  let face: FaceKey | undefined;
  if (ARABIC.test(ch)) face = first(['arabic']);
  else if (DEVANAGARI.test(ch)) face = first(['devanagari']);
  else if (CJK.test(ch)) face = first(cjk);
  else if (EMOJI.test(ch) || emojiNext) face = first(['emoji']);
  if (face) return face;
  if (previous && JOINER.test(ch) && covers(previous, cp)) return previous;
  if (previous && previous !== 'emoji' && NEUTRAL.test(ch) && covers(previous, cp)) return previous;
  return first(['base', 'arabic', 'devanagari', 'emoji', ...cjk]) ?? 'base';
}
