/**
 * What the invention is and how it works, in the inventor's words: the one-line summary (the
 * first sentence that describes the thing, without "Researchers at X have developed" or "The
 * present invention relates to"), the key features a claim would be built from (a listing's
 * "Features" bullets, or the elements a patent-style sentence lists after "includes" or
 * "comprises", or what a sentence says it "uses"), and the sentences that say how it works.
 */
import { clip, escapeRegExp } from '../text/normalise.ts';
import { partLines, type PastedListing, type ListingPart } from '../text/listing.ts';
import { PERSON_OF_PLACE } from './name.ts';

const OPENING =
  /^(?:(?:(?:a|the|our|my)\s+)?(?:researchers|scientists|engineers|inventors|team|lab|laboratory|group|start-?up|company)(?:\s+(?:at|from|in)\s+.{3,80}?)?\s+(?:(?:have|has)\s+)?(?:developed|invented|created|designed|discovered|built|makes|made|produces)\s+|(?:the\s+)?present\s+(?:invention|disclosure)\s+(?:relates\s+to|provides|describes|is\s+directed\s+(?:to|at))\s+|(?:this|the)\s+(?:invention|disclosure|technology)\s+(?:(?:invented|developed|created)\s+(?:at|by)\s+.{3,120}?\s+is\s+(?:that\s+of\s+)?|relates\s+to|provides|describes|is)\s*|(?:disclosed|described|provided)\s+(?:herein\s+)?(?:is|are)\s+|(?:we|i|they|he|she)\s+(?:have\s+|has\s+)?(?:developed|built|designed|invented|created|made)\s+)/i;

/** Parts whose lines describe the invention (not its stage, IP, licensing, team or market). */
const DESCRIBING = new Set<ListingPart['kind']>([null, 'technology', 'summary', 'features', 'problem']);

/** Sentences about licensing, patents or stage, wherever they stand: facts of their own, not a description. */
const NOT_DESCRIBING =
  /\b(?:licens\w*|patent\w*|intellectual property|stage of development|technology readiness|TRL\s*\d|seeking (?:partners|investors|funding)|contact\b|provisional|application (?:was |has been )?filed|pct\b)|^\s*(?:stage|status|maturity)\s*[:–-]/i;

export function describingSentences(listing: PastedListing, sentences: readonly string[]): string[] {
  const describing = new Set(listing.parts.filter((p) => DESCRIBING.has(p.kind)).flatMap((p) => p.lines));
  return sentences.filter(
    (s) => [...describing].some((l) => l.includes(s) || s.includes(l)) && !NOT_DESCRIBING.test(s) && !PERSON_OF_PLACE.test(s),
  );
}

export function readSummary(listing: PastedListing, describing: readonly string[], statedName?: string): string {
  const candidates = [...partLines(listing, 'summary'), ...describing];
  // A quoted remark ("“Cracks are only detectable …,” she said") tells what someone thinks, not what the thing is.
  const usable = candidates.filter((s) => s.split(/\s+/).length >= 6 && !/^(?:background|problem)\b/i.test(s) && !/^["“‘]/.test(s));
  // A story opens on the people or the occasion ("Two students are getting a first look at …") and
  // introduces the thing a sentence or two later ("They developed a retractor … called the
  // OptiGuide", "OptiGuide is a …"): the sentence that introduces it says what it is.
  const introduces = statedName ? introducing(statedName) : undefined;
  // "It is called X and sells in …" introduces the name, not the thing: the sentence has to say what it is first.
  const naming =
    introduces && !usable[0]?.includes(statedName!)
      ? usable.slice(0, 3).find((s) => introduces.test(s) && !/^(?:it|this|that|they)\s+(?:is|are|was|were)\b/i.test(s))
      : undefined;
  const first = naming ?? usable[0] ?? candidates[0] ?? listing.title ?? '';
  let s = first;
  for (let i = 0; i < 2; i++) s = s.replace(OPENING, '');
  s = s.trim();
  return clip(s.charAt(0).toUpperCase() + s.slice(1), 300);
}

/** A sentence that introduces a name: "… called (the) X", "named X", "known as X", or "X is a …". */
const introducing = (name: string) =>
  new RegExp(
    `\\b(?:called|named|dubbed|known as|branded)\\s+(?:the\\s+)?["“]?${escapeRegExp(name)}\\b|^(?:the\\s+)?${escapeRegExp(name)}\\s+(?:is|are)\\s+an?\\b`,
    'i',
  );

/** The elements a patent-style sentence lists: "A device includes a current driver …, and a processor …". */
const ELEMENTS =
  /\b(?:includes?|including|comprises?|comprising|consists? of|consisting of|composed of|has|having|contains?|containing|is made of|is formed (?:of|from)|features?)\s+(.+)/i;
const USES =
  /\b(?:uses?|using|utili[sz](?:es|ing)|employs?|employing|based on|relies on|by means of|combines?|combining|integrates?|integrating|via|through)\s+(?:an?\s+|the\s+)?(.+)/i;

function elementsOf(list: string): string[] {
  return (
    list
      .replace(/[.]+$/, '')
      // Elements are listed with "; ", ", and a …", "and a …"; a "where …"/"wherein …" clause and "with a …" add a feature of their own.
      .split(
        /;\s*|,\s*(?:and\s+)?(?=(?:an?|the|one or more|at least one|two|three|several|a plurality of)\s)|\s+and\s+(?=(?:an?|the|one or more|at least one|a plurality of)\s)|,?\s+(?:where|wherein|whereby)\s+(?:each of\s+)?(?:the\s+)?|\s+with\s+(?=(?:an?|a total|total)\s)/i,
      )
      .map((x) => x.trim().replace(/^(?:and|or)\s+/i, ''))
      .filter((x) => x.split(/\s+/).length >= 2)
  );
}

/** "The film can be coated or laminated by a hydrophilic polymer to form a Janus membrane": an optional feature, as written. */
const CAN_BE =
  /\b(?:can|may)\s+(?:also\s+)?be\s+((?:coated|laminated|made|formed|printed|doped|mounted|integrated|combined|arranged|configured|used|operated|embedded|attached|connected|deposited|grown|cast|moulded|molded|sintered|cured)\b[^.;]*)/i;

/** A noun phrase from a "uses …" clause: up to the next clause boundary. */
function usedThing(tail: string): string {
  // "a new sulfide electrolyte that is stable in air": the property is part of the feature.
  const property = /^((?:[\w-]+\s+){0,5}?[\w-]+)\s+(?:that|which)\s+(?:is|are)\s+([^,;.]+?)(?=[,;.]|\s(?:so|and|while|allowing)\b|$)/i.exec(
    tail,
  );
  if (property && `${property[1]} ${property[2]}`.split(/\s+/).length <= 10)
    return `${property[1]} that is ${property[2]}`.replace(/^(?:an?|the)\s+/i, '');
  const cut = /\s(?:to|that|which|so|for|in order|while|allowing|enabling|and then|,)\s|[,;.(]/i.exec(tail);
  const phrase = (cut ? tail.slice(0, cut.index) : tail).trim();
  return phrase.split(/\s+/).length <= 8 ? phrase : phrase.split(/\s+/).slice(0, 8).join(' ');
}

const tidy = (s: string) =>
  clip(
    s
      .replace(/^[-•*]\s*/, '')
      .replace(/[.;,]+$/, '')
      .trim(),
    300,
  );

/** "A handheld instrument that measures the internal impedance of cells …" → the thing and what it does. */
export const WHAT_IT_DOES =
  /^(?:an?\s+|the\s+)?([\w-]+(?:\s+[\w-]+){0,9}?)\s+(?:that|which)\s+((?:[a-z]+s)\s+[^,;.]+?)(?=\s+(?:using|with|by|via|through|in under|within|allowing|so that|while)\b|[,;.]|$)/i;

export function readFeatures(listing: PastedListing, describing: readonly string[], max = 8, summary = ''): string[] {
  const out: string[] = [];
  const add = (x: string) => {
    const t = tidy(x);
    if (t.length < 4 || out.length >= max) return;
    if (out.some((o) => o.toLowerCase().includes(t.toLowerCase()) || t.toLowerCase().includes(o.toLowerCase()))) return;
    out.push(t);
  };
  for (const line of partLines(listing, 'features')) add(line);
  for (const s of describing) {
    const e = ELEMENTS.exec(s);
    if (e && !/^(?:advantages?|benefits?)/i.test(s)) for (const el of elementsOf(e[1]!)) add(el);
  }
  // "SnowSense, a low-cost acoustic sensor that clips onto …": the name's apposition is what it is.
  const does = WHAT_IT_DOES.exec(summary.replace(/^[^,]{2,40},\s+(?=(?:an?|the)\s)/i, ''));
  // "Our battery uses a new electrolyte that is stable in air": a verb before "that" means the thing is not the subject.
  if (does && out.length < 3 && !/\b(?:uses?|is|are|has|have|combines?|employs?)\b/i.test(does[1]!)) {
    add(does[1]!);
    add(does[2]!);
  }
  for (const s of describing) {
    const c = CAN_BE.exec(s);
    if (c)
      for (const part of c[1]!.split(/\s+and\s+(?:can|may)\s+(?:also\s+)?be\s+/i)) if (!/^used\s+(?:in|for|by)\b/i.test(part)) add(part);
  }
  for (const s of describing) {
    const u = USES.exec(s);
    if (u) {
      const thing = usedThing(u[1]!);
      if (thing.split(/\s+/).length >= 1 && thing.length >= 5) add(thing);
    }
  }
  // No listed elements: the parts the inventor's own sentences say do the work, clause by clause
  // ("A camera finds the fruit's orientation and a spring-loaded blade follows the skin").
  if (out.length < 2)
    for (const s of howItWorks(describing, summary))
      for (const part of elementsOf(s.replace(/^(?:it|this|they)\s+(?:is|are)\s+/i, ''))) add(part);
  return out;
}

/** A sentence about a thing at work opens with it: "A camera finds …", "The outdoor unit hangs …", "It is a gel that …". */
const THING_OPENS = /^(?:an?|the|its?|this|each|every|one|two)\b/i;
/** Not a thing: people and organisations ("The young women started …"), and a story told in the past. */
const PEOPLE = /^(?:\S+\s+){0,3}?(?:women|men|students?|team|researchers?|inventors?|founders?|company|university|professor|group|lab)\b/i;
const STORY = /\b(?:started|developed|was|were|had|won|began|came|spent|founded|graduated|said|told|decided)\b/i;
/** Who buys it and what it costs: not how it works. */
const MARKET = /\b(?:customers?|buyers?|users?|would (?:buy|pay)|price|retails?|sells? for|USD|EUR|GBP|INR|patent)\b/i;

/** The inventor's sentences, after the one-line summary, that describe the thing at work. */
function howItWorks(describing: readonly string[], summary: string): string[] {
  const isSummary = (s: string) => s.includes(summary.replace(/…$/, '').slice(1, 60));
  return describing
    .filter(
      (s) =>
        !isSummary(s) &&
        THING_OPENS.test(s) &&
        !PEOPLE.test(s) &&
        !STORY.test(s) &&
        !MARKET.test(s) &&
        !VALIDATION.test(s) &&
        !PROBLEM.test(s),
    )
    .slice(0, 3);
}

const HOW =
  /\b(?:by|through|via|using|when|whereby|wherein|which (?:then|causes|allows|enables)|causes?|driven by|applies|applied|converts?|reacts?|binds?|generates?|emits?|absorbs?|detects?|measures?|controls?|adjusts?|responsive to|in response to|so that)\b/i;

export function readMechanism(describing: readonly string[], summary: string): string {
  const isSummary = (s: string) => s.includes(summary.replace(/…$/, '').slice(1, 60));
  const rest = describing.filter((s) => !isSummary(s) && !VALIDATION.test(s));
  const how = rest.filter((s) => HOW.test(s));
  // When only the summary says how it works ("… using a multi-sine excitation"), that is the mechanism as stated.
  // Sentences that do not say how it works are not a mechanism: an unknown is said as one (the record's unknowns).
  // Otherwise the sentences that describe it at work, in the inventor's words ("A small neural network on the device flags the pattern").
  const chosen = (how.length > 0 ? how : HOW.test(summary) ? [summary] : howItWorks(describing, summary)).slice(0, 3);
  return clip(chosen.join(' '), 1200);
}

/** Sentences that report a test of the invention itself: evidence of stage, not a problem. */
const VALIDATION = /\b(?:compared|agreed|validated|tested|demonstrated|showed|shown|reached|achieved)\b/i;

/** Sentences that state a problem or today's way of solving it. */
const PROBLEM =
  /\b(?:problem|challenge|difficult|costly|expensive|time[- ]consuming|slow|inaccurate|unreliable|limited|lack(?:s|ing)?|suffer|fail(?:s|ure)?|risk of|waste|currently|today|conventional|existing|traditional|requires?|require[sd]?|cannot|can't|unable|only way|manual(?:ly)?|labou?r[- ]intensive|bottleneck|shortage)\b/i;

/** The problem as the inventor states it: a "Problem"/"Background" part, or the sentences that describe today's pain. */
export function readProblem(listing: PastedListing, describing: readonly string[], summary: string): string {
  const stated = partLines(listing, 'problem');
  if (stated.length > 0) return clip(stated.join(' '), 1200);
  const isSummary = (s: string) => s.includes(summary.replace(/…$/, '').slice(1, 60));
  return clip(
    describing
      .filter((s) => !isSummary(s) && PROBLEM.test(s) && !VALIDATION.test(s))
      .slice(0, 3)
      .join(' '),
    1200,
  );
}

/** Comparative or measurable claims: "20x faster than EIS", "cuts energy use by 40 %". */
const ADVANTAGE =
  /\b(?:faster|cheaper|lighter|smaller|stronger|safer|longer|more (?:accurate|efficient|reliable|sensitive|durable)|less (?:expensive|energy|waste)|lower (?:cost|power|energy)|higher (?:yield|accuracy|efficiency|capacity|sensitivity|throughput)|reduc\w*|improv\w*|eliminat\w*|increas\w*|enabl\w*|without (?:the need|requiring)|no need|non-invasive|portable|low[- ]cost|real[- ]time|rapid)\b/i;

/** A sentence about the gap it fills ("there was room for improvement"), not about what it does better. */
const GAP = /\broom for improvement\b|\b(?:needs?|needed) (?:to be )?improv\w*|\bcould be improved\b/i;

export function readAdvantages(listing: PastedListing, describing: readonly string[], max = 8): string[] {
  const out: string[] = [];
  const add = (x: string) => {
    const t = tidy(x);
    if (t.length >= 4 && out.length < max && !out.some((o) => o.toLowerCase() === t.toLowerCase())) out.push(t);
  };
  for (const line of partLines(listing, 'advantages')) add(line);
  if (out.length === 0) for (const s of describing.slice(1)) if (ADVANTAGE.test(s) && !GAP.test(s)) add(s);
  // What a clause says it makes possible: "…stable in air, so cells can be assembled outside a dry room".
  for (const s of describing) {
    const m = /,?\s(?:so(?: that)?|which (?:means|allows|lets)|allowing|enabling|letting)\s+([^.;]{12,200})/i.exec(s);
    if (m) add(m[1]!.charAt(0).toUpperCase() + m[1]!.slice(1));
  }
  return out;
}
