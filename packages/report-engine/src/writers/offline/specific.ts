/**
 * Drops the offline analyst's filler: a sentence or list item that runs for many words without
 * touching anything of the idea (its terms, names, materials, numbers) reads the same in every
 * report, and README "What a report owes its reader" says such text fails the reader. Rather than
 * pad a section with it, the analyst keeps the sentences built from the idea's own facts; a list
 * keeps at least its most specific items so no block or section is left empty.
 */
import type { Block, SectionBody } from '../../content/report-content.ts';
import { splitSentences } from './text-analysis.ts';

/** A run of this many words with nothing from the idea is boilerplate. */
export const GENERIC_RUN = 8;

/** Words too common to make a sentence specific even when the idea uses them. */
const COMMON = new Set(
  `about after also been before being between both could does each from have into more most much only other over same some such than that their them then there these they this those through under used using very what when where which while with within would your
system systems method methods device devices process processes product products technology provide provided provides include includes including based first second may can one two
test tests testing result results cost costs data use uses user users market problem performance time value level high low new further least plurality`.split(/\s+/),
);

const stem = (w: string) => w.replace(/(?:ies|es|s|ed|ing)$/, '');

/** The idea's own vocabulary: its words of 4+ letters (and their stems) and its numbers. */
export function ideaVocabulary(texts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const w of texts.join(' ').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (w.length < 4 && !/\d/.test(w)) continue;
    if (COMMON.has(w)) continue;
    out.add(w);
    out.add(stem(w));
  }
  return out;
}

/** The longest run of consecutive words none of which comes from the idea. */
export function longestGenericRun(text: string, vocabulary: ReadonlySet<string>): number {
  let run = 0;
  let best = 0;
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)) {
    // A number (a TRL, a year, an amount, a citation such as P1) is a fact of this report, not filler.
    if (/\d/.test(w) || vocabulary.has(w) || vocabulary.has(stem(w))) run = 0;
    else best = Math.max(best, ++run);
  }
  return best;
}

/** Generic: a long run with nothing of the idea, and no figure (a TRL, year, amount or citation) to carry. */
export const isGeneric = (text: string, vocabulary: ReadonlySet<string>): boolean => !/\d/.test(text) && longestGenericRun(text, vocabulary) >= GENERIC_RUN;

/** Keeps the specific items; when fewer than `min` are, the least generic of the rest fill up (in their order). */
function keepSpecific(items: readonly string[], vocabulary: ReadonlySet<string>, min: number): string[] {
  const runs = items.map((t) => longestGenericRun(t, vocabulary));
  const keep = new Set(items.map((_, i) => i).filter((i) => !isGeneric(items[i]!, vocabulary)));
  const rest = items.map((_, i) => i).filter((i) => !keep.has(i)).sort((a, b) => runs[a]! - runs[b]!);
  while (keep.size < Math.min(min, items.length) && rest.length > 0) keep.add(rest.shift()!);
  return items.filter((_, i) => keep.has(i));
}

/** A paragraph without its generic sentences (null when nothing specific is left). */
function tightenParagraph(text: string, vocabulary: ReadonlySet<string>, min: number): string | null {
  const kept = keepSpecific(splitSentences(text), vocabulary, min);
  return kept.length > 0 ? kept.join(' ') : null;
}

function tightenBlock(b: Block, vocabulary: ReadonlySet<string>): Block | null {
  if (b.type === 'paragraph') {
    const text = tightenParagraph(b.text, vocabulary, 0);
    return text ? { ...b, text } : null;
  }
  if (b.type === 'table') {
    // A row whose long cells say nothing of the idea (a generic comparison) goes; two rows stay.
    const generic = (row: string[]) => row.some((c) => isGeneric(c, vocabulary)) && !row.some((c) => longestGenericRun(c, vocabulary) < c.split(/\s+/).length);
    const rows = b.rows.filter((r) => !generic(r));
    return { ...b, rows: rows.length >= 2 ? rows : b.rows.slice(0, Math.max(2, rows.length)) };
  }
  // Confidence and assumption callouts carry judgements and numbers: kept whole.
  if (b.type === 'callout' && (b.kind === 'confidence' || b.kind === 'assumption')) return b;
  const items = keepSpecific(b.items, vocabulary, 1);
  return items.length > 0 ? { ...b, items } : null;
}

/**
 * The section without its filler; its summary keeps at least one sentence, its next steps one.
 * A confidence reason that names nothing of the idea is replaced by the plain fact it rests on.
 */
export function tightenSection<T extends SectionBody>(
  section: T,
  vocabulary: ReadonlySet<string>,
  subject: string,
  terms: readonly string[] = [],
  options: { keepLists?: boolean } = {},
): T {
  // The summary's opening sentence answers the section's question: it stays; the rest is tightened.
  const summary = section.summary
    .map((p, i) => {
      if (i > 0) return tightenParagraph(p, vocabulary, 0);
      const [first = '', ...rest] = splitSentences(p);
      return [first, tightenParagraph(rest.join(' '), vocabulary, 0) ?? ''].join(' ').trim();
    })
    .filter((p): p is string => p !== null && p.length > 0);
  // A summary still answers its question in full sentences: under ~120 characters, dropped
  // sentences come back (least generic first) rather than leave a one-liner.
  const dropped = section.summary
    .flatMap((p) => splitSentences(p))
    .filter((x) => !summary.some((p) => p.includes(x)))
    .sort((x, y) => longestGenericRun(x, vocabulary) - longestGenericRun(y, vocabulary));
  while (summary.join(' ').length < 120 && dropped.length > 0) summary.push(dropped.shift()!);
  // A synthesis (the executive summary's key findings) repeats what the tightened sections say: kept whole.
  const blocks = section.blocks.map((b) => (options.keepLists && b.type === 'bullets' ? b : tightenBlock(b, vocabulary))).filter((b): b is Block => b !== null);
  const nextSteps = keepSpecific(section.next_steps, vocabulary, 1);
  // Every section names the technology and one more of its terms: if tightening took the only
  // sentence that did, it comes back.
  const text = () => JSON.stringify([summary, blocks, nextSteps]).toLowerCase();
  const [subjectTerm, ...others] = terms.map((t) => t.toLowerCase());
  let anchored = true;
  for (const group of [subjectTerm ? [subjectTerm] : [], others]) {
    if (group.length === 0 || group.some((t) => text().includes(t))) continue;
    const back = dropped.find((x) => group.some((t) => x.toLowerCase().includes(t)));
    if (back) summary.push(back);
    else if (group.some((t) => JSON.stringify(section).toLowerCase().includes(t))) anchored = false;
  }
  // Tightening must not leave a section that no longer speaks of the idea's terms: keep it whole.
  if (!anchored) return section;
  return {
    ...section,
    summary: summary.length > 0 ? summary : section.summary.slice(0, 1),
    blocks,
    next_steps: nextSteps,
    confidence:
      section.confidence && isGeneric(section.confidence.reason, vocabulary)
        ? { ...section.confidence, reason: `Judged from the ${subject} description only; nothing independent seen yet.` }
        : section.confidence,
  };
}
