/**
 * Sentences, with Intl.Segmenter (Unicode's sentence rules), mended where those rules break a
 * sentence that a reader would not: after the abbreviations listings and patents are full of
 * ("Fig. 2", "U.S. Pat. No. 9,123,456", "e.g. impedance", "Smith et al. reported").
 */
import { normaliseText } from './normalise.ts';

const SEGMENTER = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Abbreviations that never end a sentence: the next segment always belongs to the same one. */
const NEVER_FINAL = new Set([
  'fig',
  'figs',
  'no',
  'nos',
  'pat',
  'pats',
  'appl',
  'ser',
  'prov',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'vs',
  'e.g',
  'i.e',
  'cf',
  'approx',
  'ca',
  'ref',
  'refs',
  'vol',
  'pp',
  'eq',
  'eqs',
  'st',
  'mt',
  'int',
  "int'l",
  "nat'l",
  'dept',
  'univ',
  'assoc',
  'est',
  'incl',
  'resp',
  'viz',
  'al',
  'ph.d',
]);
/** Abbreviations that may end a sentence: joined only when the next segment reads as its continuation. */
const MAYBE_FINAL = new Set([
  'inc',
  'ltd',
  'co',
  'corp',
  'llc',
  'gmbh',
  'etc',
  'jr',
  'sr',
  'bros',
  'plc',
  'ag',
  'sa',
  'u.s',
  'u.k',
  'e.u',
  'u.s.a',
]);

function lastWord(segment: string): string | null {
  const m = /(?:^|[\s(])((?:[A-Za-z]\.)+[A-Za-z]?|[A-Za-z']+)\.\s*$/.exec(segment);
  return m ? m[1]!.toLowerCase().replace(/\.$/, '') : null;
}

function continues(prev: string, next: string): boolean {
  if (/\n\s*$/.test(prev)) return false;
  const word = lastWord(prev);
  if (!word) return false;
  if (NEVER_FINAL.has(word)) return true;
  // "U.S." before "Pat." or a number, "Inc. is", "etc. and": the sentence goes on.
  if (MAYBE_FINAL.has(word) && /^[\s]*(?:[a-z0-9(]|Pat\b|Patent\b|No\b)/.test(next)) return true;
  // "the U.S. Navy", "the U.K. Department of Health": a country's initials before one of its institutions.
  return (
    /^(?:u\.s|u\.k|e\.u|u\.s\.a)$/.test(word) &&
    /^\s*(?:Navy|Army|Air Force|Marine|Marines|Coast Guard|Department|Dept|Government|Congress|Senate|Food|Environmental|Geological|Forest|Census|National|Naval|Federal|Postal|Space|Patent|Trademark|Securities|Energy|Defense|Defence|Ministry|Office|Agency|Institute|Institutes|Court|Supreme)\b/.test(
      next,
    )
  );
}

/**
 * The text's sentences, in order. Line breaks end a sentence too: a listing's "Applications:"
 * line and each bullet under it stand alone.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const { segment } of SEGMENTER.segment(normaliseText(text))) {
    if (pending && continues(pending, segment)) {
      pending += segment;
      continue;
    }
    if (pending) out.push(pending);
    pending = segment;
  }
  if (pending) out.push(pending);
  return out
    .flatMap((s) => s.split(/\n+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
