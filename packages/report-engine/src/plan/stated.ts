/**
 * What the inventor states, read from the idea so the report keeps it: the product's name exactly
 * as written, the applications, customers and licensees they name, a TRL or IP status they give
 * (with the sentence, to quote). Pure and deterministic.
 */
import { clip } from '../writers/offline/text-analysis.ts';

/** Capitalised words that start sentences without being names. */
const NOT_NAMES = new Set([
  'the', 'this', 'that', 'these', 'our', 'we', 'it', 'its', 'a', 'an', 'in', 'on', 'for', 'with', 'by', 'using', 'unlike', 'current', 'existing',
  'today', 'most', 'many', 'each', 'every', 'one', 'two', 'my', 'their', 'such', 'when', 'while', 'trl', 'ip', 'ai', 'iot', 'usb', 'led',
]);

const NAME_TOKEN = "[A-Z0-9][\\w+.\\-®™']*";
const NAMED_AS = new RegExp(`\\b(?:called|named|dubbed|branded(?: as)?|trade ?name|product name)\\s*:?\\s*["“'‘]?(${NAME_TOKEN}(?:\\s+${NAME_TOKEN}){0,3})`, 'u');
const QUOTED = /["“]([^"”]{2,40})["”]/u;
const LEADING_NAME = new RegExp(`^(${NAME_TOKEN}(?:\\s+${NAME_TOKEN}){0,3})\\s*(?:\\(|,|:|—|–|-|\\bis\\b|\\bare\\b|\\buses\\b|\\bcombines\\b|\\bmeasures\\b)`, 'u');

/** A word that reads as a coined name: inner capital (VoltScope), digits with letters (X2), or all capitals of 3+ letters. */
function coinedWord(word: string): boolean {
  return /[a-z][A-Z]/.test(word) || (/\d/.test(word) && /[A-Za-z]/.test(word)) || /^[A-Z]{3,}[a-z]?$/.test(word) || /[®™]/.test(word);
}

/** The product's name as the inventor wrote it, or null when the idea names none. */
export function extractProductName(idea: string, sentences: readonly string[]): string | null {
  // "polyethylene (UHMWPE)": an acronym the text defines names a material or class, not the product.
  const defined = (w: string) => idea.includes(`(${w})`);
  const coined = (w: string) => coinedWord(w) && !defined(w);
  const named = NAMED_AS.exec(idea);
  if (named) return named[1]!.replace(/[.,;:"”'’]+$/, '').trim();
  const first = sentences[0] ?? '';
  const lead = LEADING_NAME.exec(first);
  if (lead) {
    const words = lead[1]!.split(/\s+/);
    if (!NOT_NAMES.has(words[0]!.toLowerCase()) && (words.some(coined) || words.length >= 2 && words.every((w) => /^[A-Z]/.test(w)))) {
      return lead[1]!.trim();
    }
  }
  const quoted = QUOTED.exec(first);
  if (quoted && /^[A-Z0-9]/.test(quoted[1]!) && quoted[1]!.split(/\s+/).length <= 4) return quoted[1]!.trim();
  for (const s of sentences.slice(0, 3)) {
    const w = s.split(/\s+/).find((x) => coined(x.replace(/[.,;:()]+$/g, '')) && x.replace(/[^A-Za-z]/g, '').length >= 4);
    if (w && !/^(?:TRL|PCT|USD|EUR|IEC|ISO)/.test(w)) return w.replace(/[.,;:()]+$/g, '');
  }
  return null;
}

export type NamedKind = 'application' | 'customer' | 'licensee';

export interface NamedItem {
  kind: NamedKind;
  name: string;
}

const LIST_CUES: Array<{ kind: NamedKind; re: RegExp }> = [
  { kind: 'application', re: /\b(?:applications?|uses?|use cases?|markets?|sectors?)\s+(?:include|includes|including|are|is|such as|in|:)\s+(.+)/i },
  { kind: 'application', re: /\b(?:suitable|suited|intended|designed|aimed)\s+(?:for|at)\s+(.+)/i },
  { kind: 'application', re: /\b(?:can be|could be|is|are)\s+used\s+(?:in|for)\s+(.+)/i },
  { kind: 'customer', re: /\b(?:customers?|buyers?|users?|clients?)\s+(?:include|includes|including|are|such as|like)\s+(.+)/i },
  { kind: 'customer', re: /\b(?:pilot(?:ed|ing)?|trial(?:led|ed)?|tested)\s+with\s+(.+)/i },
  { kind: 'licensee', re: /\b(?:licensees?|licensing partners?|partners?)\s+(?:include|includes|including|could include|such as|are|like)\s+(.+)/i },
  { kind: 'licensee', re: /\blicen[cs]e (?:it |the technology )?to\s+(.+)/i },
];

/** Drops a closing quote or bracket the split left behind, but keeps the one that closes "(RO)". */
function closeParenthesis(item: string): string {
  const stripped = item.replace(/[)"”]+$/, '');
  const open = (stripped.match(/\(/g) ?? []).length;
  const closed = (stripped.match(/\)/g) ?? []).length;
  return open > closed ? `${stripped})` : stripped;
}

function splitList(tail: string): string[] {
  const cut = tail.split(/[.;:!?]|\s(?:because|where|which|that|so that|while|to (?:reduce|improve|replace|enable))\s/i)[0] ?? '';
  return cut
    .split(/,\s*|\s+(?:and|or)\s+|\s*\/\s*/)
    .map((x) => x.trim().replace(/^(?:and|or|e\.g\.|for example|such as|including|in|the|a|an)\s+/i, '').replace(/\s*\([^)]*$/, '').trim())
    .map(closeParenthesis)
    .filter((x) => x.length >= 3 && x.split(/\s+/).length <= 6 && !/^(?:etc|others?|more)$/i.test(x));
}

/** The applications, customers and licensees the inventor names (as written). */
export function extractNamedItems(sentences: readonly string[], max = 8): NamedItem[] {
  const out: NamedItem[] = [];
  for (const s of sentences) {
    for (const { kind, re } of LIST_CUES) {
      const m = re.exec(s);
      if (!m) continue;
      for (const name of splitList(m[1]!)) {
        if (!out.some((o) => o.name.toLowerCase() === name.toLowerCase())) out.push({ kind, name: clip(name, 80) });
      }
    }
    if (out.length >= max) break;
  }
  return out.slice(0, max);
}

export interface StatedTrl {
  level: number;
  /** The inventor's sentence, quoted in the report. */
  quote: string;
}

const TRL_STATED = /\b(?:TRL|technology readiness level|readiness level)\s*(?:of|is|at|=|:|-)?\s*(?:about|around|approximately)?\s*([1-9])\b/i;
const TRL_STATED_AFTER = /\b(?:at|reached|reaches|is at)\s+(?:level\s+)?([1-9])\s+(?:on the )?(?:TRL|technology readiness)/i;

export function extractStatedTrl(sentences: readonly string[]): StatedTrl | null {
  for (const s of sentences) {
    const m = TRL_STATED.exec(s) ?? TRL_STATED_AFTER.exec(s);
    if (m) return { level: Number(m[1]), quote: clip(s, 300) };
  }
  return null;
}

export interface StatedIp {
  status: 'granted' | 'pending' | 'provisional' | 'none' | 'stated';
  quote: string;
}

const NO_FILING = /\b(?:no|not yet|without) (?:any )?(?:patent|ip protection|filing)\b|\bnot (?:yet )?(?:been )?(?:patented|filed)\b|\bunpatented\b/i;

export function extractStatedIp(sentences: readonly string[]): StatedIp | null {
  for (const s of sentences) {
    // A denial first: "No patent application has been filed yet" names a filing it denies.
    if (NO_FILING.test(s)) return { status: 'none', quote: clip(s, 300) };
    if (/\b(?:granted|issued) (?:us |european |indian )?patents?\b|\bpatent (?:was |has been )?granted\b|\bpatented\b/i.test(s)) return { status: 'granted', quote: clip(s, 300) };
    if (/\bprovisional (?:patent|application)\b/i.test(s)) return { status: 'provisional', quote: clip(s, 300) };
    if (/\bpatent(?:s)?[- ]pending\b|\bpatent application (?:has been |was )?filed\b|\bfiled (?:a )?patent\b|\bpct application\b/i.test(s)) return { status: 'pending', quote: clip(s, 300) };
  }
  return null;
}
