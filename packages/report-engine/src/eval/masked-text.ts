/**
 * A report's text with the idea's own words masked: every word the member wrote becomes one mark,
 * and a run of them one mark. A sentence frame filled with the idea's phrases ("Interview 10–15
 * {phrase}") then reads the same in every report, which is what the shared-text measure must see;
 * text copied from the idea no longer makes a report look original.
 */
import { words } from './words.ts';

export const MASK = '∎';

export function maskedFragments(fragments: readonly string[], idea: string): string[][] {
  const own = new Set(words(idea));
  return fragments
    .map((f) => {
      const out: string[] = [];
      for (const w of words(f)) {
        const t = own.has(w) ? MASK : w;
        if (t === MASK && out.at(-1) === MASK) continue;
        out.push(t);
      }
      return out;
    })
    .filter((t) => t.length > 0);
}
