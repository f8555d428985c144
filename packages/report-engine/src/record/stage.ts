/**
 * The stage the inventor states: an explicit TRL in any of the forms listings use ("technology
 * readiness level (TRL) 5", "TRL: 6", "TRL 4-5", "at level 5 on the TRL scale"), a labelled stage
 * ("Stage of Development: Proof of concept"), or a plain statement of what exists ("we have a
 * working prototype tested in three hospitals"). A target ("funding need to TRL 9", "to reach
 * TRL 7") is not a stage, and a market word in a comparison ("than methods on the market") never
 * is one. Null when nothing is stated: the plan then estimates, and says it did.
 */
import type { InventionRecord } from '@assay/shared';
import { stageLevel } from '../knowledge/stages.ts';
import { clip } from '../text/normalise.ts';
import type { PastedListing } from '../text/listing.ts';
import { splitSentences } from '../text/sentences.ts';

export type StatedStage = InventionRecord['stage'];

const TRL_WORDS = String.raw`(?:technology[- ]readiness[- ]level|technology readiness|readiness level|TRL)s?`;
const EXPLICIT = new RegExp(
  String.raw`\b${TRL_WORDS}\s*(?:\(\s*TRL\s*\))?\s*(?:is|of|at|=|:|-|–|currently|now|reached|stands at)?\s*(?:currently|now|about|around|approximately|approx\.?|ca\.?|level|between)?\s*([1-9])(?:\s*(?:-|–|—|to|\/|and|or)\s*([1-9]))?(?!\d|[.,]\d)`,
  'i',
);
const EXPLICIT_AFTER = new RegExp(
  String.raw`\b(?:at|reached|reaches|is at|currently at)\s+(?:level\s+)?([1-9])(?:\s*(?:-|–)\s*([1-9]))?\s+(?:on|of)\s+(?:the\s+)?${TRL_WORDS}`,
  'i',
);
/** Words before a TRL that make it a target or a plan, not the current level. */
const TARGET_BEFORE =
  /\b(?:to|towards?|reach(?:es|ing)?|achiev\w*|advanc\w*|progress\w*|mov\w*|get|take|bring|target(?:ing|s)?|aim(?:s|ing)? (?:at|for)|next|until|up to|beyond|from\s+TRL\s*\d\s+to|need\w*(?: funding)?(?: to)?|required? for|goal|plan\w*)\s*(?:a\s+|the\s+)?$/i;
/** "from TRL 3 to TRL 5": the first is where it stands. */
const FROM_TO = new RegExp(String.raw`\bfrom\s+${TRL_WORDS}\s*([1-9])\s+(?:to|towards)\b`, 'i');
/** A comparison or a description of others: never a statement of this invention's stage. */
const COMPARISON =
  /\b(?:compared?|comparison|than|unlike|versus|vs\.?|existing|conventional|incumbent|competitors?|alternatives?|other (?:methods|products|solutions)|methods? (?:currently )?(?:on|in) the market|currently (?:available|used)|state of the art)\b/i;
/** Prose that states what exists now: a subject that is ours, a verb of having or doing. */
const OURS =
  /\b(?:we|our|their|i|it|this|the (?:device|system|prototype|technology|product|platform|invention|process|method|sensor|instrument|kit|tool|app|software|team))\b[^.]{0,80}?\b(?:ha(?:ve|s|d)|is|are|was|were|built|developed|completed|demonstrated|tested|validated|running|deployed|piloted|trialled|trialed|shown|achieved|reached|produce[sd]?|make|made|run|runs|operate[sd]?|sell|sold|exists?)\b|\b(?:are|is)\s+(?:now\s+)?(?:beta[- ]|field[- ])?testing\s+(?:it|them|our)\b/i;

function explicitTrl(sentence: string): { trl: number; high: number | null } | null {
  const fromTo = FROM_TO.exec(sentence);
  if (fromTo) return { trl: Number(fromTo[1]), high: null };
  for (const re of [EXPLICIT, EXPLICIT_AFTER]) {
    const g = new RegExp(re.source, 'gi');
    for (let m = g.exec(sentence); m; m = g.exec(sentence)) {
      if (TARGET_BEFORE.test(sentence.slice(0, m.index))) continue;
      // "TRL 9: 0–0 USD", "Funding need to TRL 9" were targets; a TRL followed by "by 2027" is a plan.
      if (/^\s*(?:by|in|within)\s+(?:20\d\d|\d+\s+(?:months|years))/i.test(sentence.slice(m.index + m[0].length))) continue;
      const a = Number(m[1]);
      const b = m[2] ? Number(m[2]) : null;
      return b !== null && b !== a ? { trl: Math.min(a, b), high: Math.max(a, b) } : { trl: a, high: null };
    }
  }
  return null;
}

const quote = (s: string) => clip(s.trim(), 600);

/** The stage the text states, or null. */
export function readStage(listing: PastedListing, sentences: readonly string[]): StatedStage | null {
  // 1. A labelled stage part: "Stage of Development: Proof of concept", "TRL: 6".
  for (const part of listing.parts.filter((p) => p.kind === 'stage')) {
    const line = part.lines[0];
    if (!line) continue;
    const said = quote(`${part.label}: ${line}`);
    const explicit = explicitTrl(line) ?? (/^\s*([1-9])\s*$/.test(line) ? { trl: Number(line.trim()), high: null } : null);
    if (explicit) return { trl: explicit.trl, stated_text: said, label: explicit.high ? `TRL ${explicit.trl}–${explicit.high}` : null };
    for (const s of splitSentences(line)) {
      const words = stageLevel(s);
      if (words) return { trl: words.trl, stated_text: said, label: clip(s.replace(/[.;]+$/, ''), 80) };
    }
  }
  // 1b. A stage labelled inside the prose: "Stage: proof of concept.", "Development status – prototype".
  for (const s of sentences) {
    const m = /^\s*(?:current\s+)?(?:(?:development\s+)?stage|status|maturity|phase)(?:\s+of\s+development)?\s*[:–-]\s*(.+)$/i.exec(s);
    const words = m ? stageLevel(m[1]!) : null;
    if (words) return { trl: words.trl, stated_text: quote(s), label: clip(m![1]!.replace(/[.;]+$/, ''), 80) };
  }
  // 2. An explicit TRL anywhere (the title line included).
  for (const s of [listing.title ?? '', ...sentences]) {
    const explicit = explicitTrl(s);
    if (explicit) return { trl: explicit.trl, stated_text: quote(s), label: explicit.high ? `TRL ${explicit.trl}–${explicit.high}` : null };
  }
  // 3. Prose that says what exists now ("we have a working prototype tested in three hospitals").
  for (const s of sentences) {
    if (COMPARISON.test(s) || !OURS.test(s)) continue;
    if (/\b(?:plan|will|would|intend|aim|hope|want|next|future|seek|need|could|should|yet to|not yet|no )\b/i.test(s)) continue;
    const words = stageLevel(s);
    // Words for a concept alone ("we designed") are too weak to call a statement of stage.
    if (words && words.trl >= 3) return { trl: words.trl, stated_text: quote(s), label: null };
  }
  return null;
}
