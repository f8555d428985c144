/**
 * The record's features as a searcher uses them (decision 215): each key feature, and the
 * mechanism, becomes a target — the words a document must use to disclose it — and a document is
 * read against each target sentence by sentence (title, abstract, claims where the source has
 * them): disclosed ("yes") when one sentence carries the feature's words, "partly" when the
 * document carries half of them, else "no". Who it is for and how it is sold are never targets:
 * a document is not "different" for lacking a market phrase.
 */
import type { InventionRecord } from '@assay/shared';
import { synonymsOf } from '../knowledge/search-vocabulary.ts';
import { extractKeyTerms, isStopword } from '../text/key-terms.ts';
import { clip } from '../text/normalise.ts';
import { splitSentences } from '../text/sentences.ts';

/** Words that say who uses it, where, or how it is sold: they do not describe the invention. */
export const NOT_THE_INVENTION = new Set(
  `low-cost cheap affordable inexpensive premium novel new innovative unique smart simple easy portable compact
rural urban household households home homes village villages farmer farmers smallholder smallholders patient patients
athlete athletes consumer consumers customer customers user users people family families community communities
hospital hospitals clinic clinics school schools india africa europe china world global country countries market
markets production line lines pilot prototype lab laboratory university team company startup year years month months
seconds minutes hours application applications applies trl value guideline estimate state level cost price
low cost costs cheaper cheapest better best faster easier sale sales sold selling buyer buyers business commercial`.split(/\s+/),
);

/** Function words and the boilerplate of patent prose: never what a feature is made of. */
const STOP = new Set(
  `a an the of and or to in on for with by at from into onto over under via per as is are be been being was were
that which who whom whose its it their this these those than then so such each any all both either between within
without through across about also can may must will would should could has have had having do does did not no
used use uses using based made make makes provide provides providing comprising comprises comprise configured
includes including include wherein whereby thereof therein herein said having allow allows allowing enable enables
method methods system systems device devices apparatus invention embodiment embodiments present described disclosed
one two three more less most very well when where while after before during until only other same`.split(/\s+/),
);

export type Disclosure = 'yes' | 'partly' | 'no';

export interface FeatureTarget {
  /** "F1"… in the record's order; "M" for the mechanism. */
  id: string;
  kind: 'feature' | 'mechanism';
  /** As the record words it (clipped), or "How it works: …" for the mechanism. */
  label: string;
  /** The words searched for it (2–4 of its own words), or null when it has too few to search. */
  core: string | null;
  /** True when `core` is a phrase of the record (searched as a phrase too, not only as all-words). */
  phrase: boolean;
  /** The words every all-words search of it requires (the core's, and for the mechanism its second term's). */
  words: string[];
  /** The canonical stems a document must use to disclose it. */
  stems: string[];
}

const tokens = (s: string) => s.toLowerCase().match(/[a-z][a-z0-9-]*[a-z0-9]|[a-z]/g) ?? [];

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

/** A word's stem, with synonyms folded onto one ("detector" and "sensors" both give "sensor"). */
export function canonical(word: string): string {
  const w = word.toLowerCase();
  const s = stem(w);
  const group = synonymsOf(w).length ? [w, ...synonymsOf(w)] : synonymsOf(s).length ? [s, ...synonymsOf(s)] : null;
  return group ? stem([...group].sort()[0]!) : s;
}

/** The content words of a phrase: not function words, market words, the record's customers, or numbers. */
export function contentWords(text: string, exclude: ReadonlySet<string> = new Set()): string[] {
  return tokens(text).filter((w) => w.length >= 3 && !STOP.has(w) && !NOT_THE_INVENTION.has(w) && !exclude.has(w) && !/^\d/.test(w));
}

const canonicalSet = (text: string) => new Set(tokens(text).map(canonical));

/** Who the record says buys or uses it: their words are never a feature's. */
function customerWords(record: InventionRecord): Set<string> {
  return new Set([...record.customers, ...record.licensees].flatMap(tokens).filter((w) => !STOP.has(w)));
}

/** Participles and other verb forms that end a noun phrase ("nanowires grown on …", "filter coated with …", "coating lining the pores"). */
const PARTICIPLE = /^(?:[a-z]+ed|[a-z]+ing|grown|made|built|shown|given|known|held|worn|woven|spun|drawn|bound|cast|set|spread|sewn)$/;
/** Words in -ing or -ed that name a thing or a technique: they stay inside a noun phrase. */
const ING_NOUNS = new Set(
  `coating coatings bearing bearings housing housings sensing imaging casting castings printing packaging wiring tubing
fitting fittings building buildings clothing heating cooling lighting shielding welding machining moulding molding
forging plating sealing bonding processing computing signalling signaling monitoring filtering training learning
engineering manufacturing recycling harvesting farming cladding flooring roofing decking bedding dressing dressings
spring springs string strings ring rings wing wings ceiling
seed speed feed bed weed shed sled red bred infrared hundred`.split(/\s+/),
);
const isParticiple = (w: string) => PARTICIPLE.test(w) && !ING_NOUNS.has(w);

/** Runs of consecutive content words: the noun phrases a searcher would quote. */
function nounRuns(text: string, exclude: ReadonlySet<string>): string[][] {
  const runs: string[][] = [];
  for (const clause of text.toLowerCase().split(/[.,;:!?()[\]"\n]|\s[-–—]\s/)) {
    let run: string[] = [];
    for (const w of tokens(clause)) {
      const content =
        w.length >= 3 &&
        !STOP.has(w) &&
        !isStopword(w) &&
        !NOT_THE_INVENTION.has(w) &&
        !exclude.has(w) &&
        !isParticiple(w) &&
        !/^\d/.test(w);
      if (content) run.push(w);
      else {
        if (run.length) runs.push(run);
        run = [];
      }
    }
    if (run.length) runs.push(run);
  }
  return runs;
}

/**
 * The words searched for a phrase: its first noun phrase of two or more words (its last three,
 * where English puts the head noun), searched as a phrase too; else its first content words,
 * searched only as all-words (they are not a phrase anyone wrote).
 */
function coreOf(text: string, exclude: ReadonlySet<string>): { core: string; phrase: boolean } | null {
  const run = nounRuns(text, exclude).find((r) => r.length >= 2);
  if (run) return { core: run.slice(-3).join(' '), phrase: true };
  const words = nounRuns(text, exclude).flat();
  return words.length >= 2 ? { core: words.slice(0, 4).join(' '), phrase: false } : null;
}

const MAX_STEMS = 8;

/**
 * The features a searcher would chart: the mechanism first (its key terms), then each key
 * feature with technical content. A feature made only of market or customer words is left out.
 */
export function featureTargets(record: InventionRecord): FeatureTarget[] {
  const exclude = customerWords(record);
  const out: FeatureTarget[] = [];
  if (record.mechanism.trim()) {
    // The mechanism's two leading noun phrases: its active part and what it acts on or through.
    const terms = extractKeyTerms(record.mechanism, 6)
      .map((t) => nounRuns(t, exclude).flat())
      .filter((w) => w.length >= 2)
      .slice(0, 2);
    const words = [...new Set(terms.flat())].slice(0, 5);
    const stems = [...new Set(words.map(canonical))].slice(0, MAX_STEMS);
    if (terms[0] && stems.length >= 2) {
      out.push({
        id: 'M',
        kind: 'mechanism',
        label: `How it works: ${clip(record.mechanism, 160)}`,
        core: terms[0].join(' '),
        phrase: true,
        words,
        stems,
      });
    }
  }
  record.features.forEach((feature, i) => {
    const content = contentWords(feature, exclude).filter((w) => !isStopword(w) && !isParticiple(w));
    if (content.length === 0) return;
    const stems = [...new Set(content.map(canonical))].slice(0, MAX_STEMS);
    const c = coreOf(feature, exclude);
    out.push({
      id: `F${i + 1}`,
      kind: 'feature',
      label: clip(feature, 200),
      core: c?.core ?? null,
      phrase: c?.phrase ?? false,
      words: c ? tokens(c.core) : [],
      stems,
    });
  });
  // A record without searchable features is searched for what it is (its summary, else its name).
  const what = record.summary || record.name;
  const c = out.some((t) => t.core) ? null : coreOf(what, exclude);
  if (c) {
    const stems = [...new Set(contentWords(what, exclude).map(canonical))].slice(0, MAX_STEMS);
    out.push({ id: 'S', kind: 'feature', label: clip(what, 200), core: c.core, phrase: c.phrase, words: tokens(c.core), stems });
  }
  return out;
}

/** What a document says, sentence by sentence: its title, abstract and claims. */
export interface ReadableDocument {
  title: string;
  abstract: string;
  claims?: string | undefined;
}

export interface TargetReading {
  level: Disclosure;
  /** The sentence that shows it (the one carrying most of the feature's words); null for "no". */
  sentence: string | null;
}

const sentencesOf = (doc: ReadableDocument) =>
  [doc.title, ...splitSentences(doc.abstract), ...splitSentences(doc.claims ?? '')].map((s) => s.trim()).filter(Boolean);

/** Whether `doc` discloses `target`, and the sentence that shows it. */
export function readTarget(target: FeatureTarget, doc: ReadableDocument): TargetReading {
  const n = target.stems.length;
  if (n === 0) return { level: 'no', sentence: null };
  const all = new Set<string>();
  let best = { share: 0, sentence: '' };
  for (const s of sentencesOf(doc)) {
    const words = canonicalSet(s);
    for (const w of words) all.add(w);
    const share = target.stems.filter((w) => words.has(w)).length / n;
    if (share > best.share) best = { share, sentence: s };
  }
  const docShare = target.stems.filter((w) => all.has(w)).length / n;
  // One sentence carrying (nearly) all its words discloses it; half of them anywhere touches it.
  const level: Disclosure = best.share >= 0.75 ? 'yes' : docShare >= 0.5 || best.share >= 0.5 ? 'partly' : 'no';
  return { level, sentence: level === 'no' ? null : clip(best.sentence, 300) };
}

export const DISCLOSURE_WEIGHT: Record<Disclosure, number> = { yes: 1, partly: 0.5, no: 0 };
