/**
 * The share of a report's words that sit in word n-grams (8 by default) also found in other
 * reports: the measure of boilerplate that does not depend on the invention.
 *
 * A report is a list of fragments (paragraphs, bullet items, table cells...); n-grams never span
 * two fragments, so a table's column headings next to a paragraph do not make a run.
 */
import { words } from './words.ts';

export const NGRAM = 8;

function gramsOf(fragments: readonly string[], n: number): { tokens: string[][]; set: Set<string> } {
  const tokens = fragments.map(words);
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
export function sharedNgramShares(reports: readonly (readonly string[])[], n = NGRAM): SharedShare[] {
  const grams = reports.map((r) => gramsOf(r, n));
  // How many reports contain each n-gram (each report counted once).
  const reportCount = new Map<string, number>();
  for (const g of grams) for (const key of g.set) reportCount.set(key, (reportCount.get(key) ?? 0) + 1);
  return grams.map((g) => {
    let total = 0;
    let shared = 0;
    for (const t of g.tokens) {
      total += t.length;
      const covered = new Uint8Array(t.length);
      for (let i = 0; i + n <= t.length; i++) {
        // In another report: this report holds it once, so any count above 1 is another report.
        if ((reportCount.get(t.slice(i, i + n).join(' ')) ?? 0) > 1) covered.fill(1, i, i + n);
      }
      for (const c of covered) shared += c;
    }
    return { words: total, sharedWords: shared, share: total === 0 ? 0 : shared / total };
  });
}
