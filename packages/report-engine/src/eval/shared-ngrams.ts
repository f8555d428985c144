/**
 * The share of a report's words that sit in word n-grams (8 by default) also found in other
 * reports: the measure of boilerplate that does not depend on the invention.
 *
 * A report is a list of fragments (paragraphs, bullet items, table cells...); n-grams never span
 * two fragments, so a table's column headings next to a paragraph do not make a run.
 */
import { MASK } from './masked-text.ts';
import { words } from './words.ts';

export const NGRAM = 8;

/** A fragment as text (tokenised here) or as tokens already (e.g. masked). */
export type Fragment = string | readonly string[];

function gramsOf(fragments: readonly Fragment[], n: number): { tokens: (readonly string[])[]; set: Set<string> } {
  const tokens = fragments.map((f) => (typeof f === 'string' ? words(f) : f));
  const set = new Set<string>();
  for (const t of tokens) for (let i = 0; i + n <= t.length; i++) set.add(t.slice(i, i + n).join(' '));
  return { tokens, set };
}

export interface SharedShare {
  /** Words of the report (after normalisation). */
  words: number;
  /** Words inside at least one n-gram that also occurs in another report. */
  sharedWords: number;
  /** sharedWords / words (0 for an empty report). */
  share: number;
}

/** For each report (a list of text fragments), the share of its words in n-grams found in any OTHER report. */
export function sharedNgramShares(reports: readonly (readonly Fragment[])[], n = NGRAM): SharedShare[] {
  const grams = reports.map((r) => gramsOf(r, n));
  // How many reports contain each n-gram (each report counted once).
  const reportCount = new Map<string, number>();
  for (const g of grams) for (const key of g.set) reportCount.set(key, (reportCount.get(key) ?? 0) + 1);
  return grams.map((g) => {
    let total = 0;
    let shared = 0;
    for (const t of g.tokens) {
      // A masked run (the idea's own words) is a wildcard inside n-grams, but not a word of the report's own.
      total += t.filter((w) => w !== MASK).length;
      const covered = new Uint8Array(t.length);
      for (let i = 0; i + n <= t.length; i++) {
        // In another report: this report holds it once, so any count above 1 is another report.
        if ((reportCount.get(t.slice(i, i + n).join(' ')) ?? 0) > 1) covered.fill(1, i, i + n);
      }
      covered.forEach((c, i) => {
        if (c && t[i] !== MASK) shared++;
      });
    }
    return { words: total, sharedWords: shared, share: total === 0 ? 0 : shared / total };
  });
}
