/**
 * Plain-text analysis of an idea description: sentences, key phrases (a RAKE-style scorer),
 * the technology's name, its stated users and its quantitative claims. Deterministic and fast.
 */

const STOPWORDS = new Set(
  `a about above across after again against all almost also although always am among an and another any anyone anything
are around as at along associated away be became because become becomes been before being below between both but by can cannot could
did do does doing done down during each either else enough etc even ever every for from further get gets getting given
gives go goes going had has have having he her here hers him his how however i if in into is it its itself just keep
least less let like made make makes making many may me might more most much must my near need needs neither never no nor
not now of off often on once one only onto or other others otherwise our ours out over own per perhaps please quite
rather really same several shall she should since so some something such than that the their theirs them then there
these they this those though through thus to too toward towards under until up upon us use used uses using very via was
we well were what whatever when where whether which while who whom whose why will with within without would yet you
your yours able allow allows allowing based current currently existing today new novel innovative unique first second
way ways thing things lot lots want wants idea ideas invention solution solutions approach approaches product products
system systems method methods device devices technology technologies proposed propose proposes develop developed
developing development help helps provide provides providing include includes including improve improves improved
reduce reduces reducing increase increases better cheaper faster easier simple simply low high higher lower large small
significant significantly compared existing conventional traditional currently problem problems issue issues people
user users customer customers market markets cost costs time times year years day days percent show shows showed shown
exceed exceeds exceeded built build builds building? tested published publish reach reaches reached reaching remove
removes removed need needed rely relies relied work works worked pass passes passed lined adsorb adsorbs run runs
running look looking plan plans planned last next achieve achieves achieved enable enables enabled create creates
created make made detect detects detected diagnose diagnoses convert converts converted produce produces produced
measure measures measured capture captures captured deliver delivers delivered offer offers offered takes take taken
got found find finds seeking seek looking aim aims aimed hope already still only now even around approximately about
per cent lead leads leading halves halve doubles double cuts cut cutting saves save lowers lower alert alerts
alerting allowing disclosed related provided thereof herein utilize utilizes utilized and/or
capable comprising comprises configured enhance enhances`.split(/\s+/).filter((w) => !w.endsWith('?')),
);

/** Words too generic to stand alone as a key term (they may still sit inside a phrase). */
const GENERIC = new Set(
  `efficient effective effectively affordable portable smart automatic automated advanced modern small large
various different specific particular main key important good great real world better best data concept home
cycles results result samples sample prototype pilot partner partners team`.split(/\s+/),
);

/**
 * Longer than any real word: a pasted hash, URL or run of letters. The analyst quotes the idea's
 * words into bullets with length limits, so such a run is shortened before analysis.
 */
export const MAX_WORD_CHARS = 40;
const OVERLONG_WORD = new RegExp(`\\S{${MAX_WORD_CHARS + 1},}`, 'g');

export function normaliseText(text: string): string {
  return text
    .replace(OVERLONG_WORD, (w) => `${w.slice(0, MAX_WORD_CHARS - 1)}…`)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

export function splitSentences(text: string): string[] {
  return normaliseText(text)
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"(])|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a cue at a word start; short cues (4 letters or fewer) only as whole words (plural allowed). */
export function cueRegExp(cue: string): RegExp {
  const c = cue.trim().toLowerCase();
  const body = escapeRegExp(c);
  return c.length <= 4 ? new RegExp(`(?<![a-z0-9])${body}s?(?![a-z0-9])`, 'i') : new RegExp(`(?<![a-z0-9])${body}`, 'i');
}

export function countCue(textLower: string, cue: string): number {
  const re = new RegExp(cueRegExp(cue).source, 'gi');
  return (textLower.match(re) ?? []).length;
}

const WORD = /[A-Za-z][A-Za-z0-9\-+/]*[A-Za-z0-9+]|[A-Za-z]{1,2}|\d+(?:\.\d+)?/g;

interface Phrase {
  words: string[];
  display: string;
  first: number;
}

/** Candidate phrases: runs of content words between stopwords and punctuation (RAKE). */
function candidatePhrases(text: string): Phrase[] {
  const out: Phrase[] = [];
  let position = 0;
  for (const clause of text.split(/[.,;:!?()[\]"\n]|\s[-–—]\s/)) {
    let run: string[] = [];
    let display: string[] = [];
    const flush = () => {
      if (run.length > 0) {
        // Long runs keep their last three words: the head noun sits at the end in English.
        const words = run.slice(-3);
        out.push({ words, display: display.slice(-3).join(' '), first: position });
      }
      run = [];
      display = [];
    };
    for (const m of clause.matchAll(WORD)) {
      const raw = m[0];
      const lower = raw.toLowerCase();
      position++;
      if (STOPWORDS.has(lower) || /^\d/.test(lower) || lower.length < 3) flush();
      else {
        run.push(lower);
        display.push(raw);
      }
    }
    flush();
  }
  return out;
}

/**
 * Key terms of the idea, most characteristic first: multi-word technical phrases score above
 * single words; words that recur score higher; earlier mentions break ties.
 */
export function extractKeyTerms(text: string, max = 8, boostWords: readonly string[] = []): string[] {
  const phrases = candidatePhrases(text);
  const firstSentenceWords = (splitSentences(text)[0] ?? '').split(/\s+/).length;
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const p of phrases) {
    for (const w of p.words) {
      freq.set(w, (freq.get(w) ?? 0) + 1);
      degree.set(w, (degree.get(w) ?? 0) + p.words.length);
    }
  }
  const scored = new Map<string, { score: number; first: number; display: string; count: number; words: string[] }>();
  for (const p of phrases) {
    const key = p.words.join(' ');
    let wordScore = p.words.reduce((s, w) => s + (degree.get(w)! / freq.get(w)!) * (1 + 0.35 * (freq.get(w)! - 1)), 0);
    // Phrases from the opening sentence, or holding a domain word, name the technology itself.
    if (p.first <= firstSentenceWords) wordScore += 2;
    if (p.words.some((w) => boostWords.some((b) => w.startsWith(b)))) wordScore += 1.5;
    const prev = scored.get(key);
    if (prev) prev.count++;
    else scored.set(key, { score: wordScore, first: p.first, display: p.display, count: 1, words: p.words });
  }
  const ranked = [...scored.values()]
    .map((p) => ({ ...p, ...dropTrailingParticiples(p.words, p.display) }))
    .filter((p) => p.words.length > 0 && !(p.words.length === 1 && (GENERIC.has(p.words[0]!) || /ed$/.test(p.words[0]!))))
    .filter((p) => !p.words.some((w) => ADMIN.has(w)))
    .map((p) => ({ ...p, score: p.score * (1 + 0.5 * (p.count - 1)) }))
    .sort((a, b) => b.score - a.score || a.first - b.first);
  const chosen: typeof ranked = [];
  for (const p of ranked) {
    if (chosen.length >= max) break;
    const key = p.words.join(' ');
    // Skip a phrase contained in (or containing) one already chosen.
    if (chosen.some((c) => c.words.join(' ').includes(key) || key.includes(c.words.join(' ')))) continue;
    chosen.push(p);
  }
  return chosen.map((p) => tidyTerm(p.display));
}

/** Words about the project rather than the technology: phrases holding them are not key terms. */
const ADMIN = new Set(['patent', 'patents', 'paper', 'papers', 'university', 'partner', 'partners', 'funding', 'investor',
  'investors', 'startup', 'company', 'months', 'lab', 'pilot', 'grant']);

function dropTrailingParticiples(words: string[], display: string): { words: string[]; display: string } {
  const w = [...words];
  const d = display.split(' ');
  while (w.length > 1 && /ed$/.test(w[w.length - 1]!)) {
    w.pop();
    d.pop();
  }
  // A phrase led by an adverb or a verb form names an action, not a part: "substantially pure
  // water" → "pure water", "conducting lithium ions" → "lithium ions", "increased trace amounts"
  // → "trace amounts". An adverb before a verb ("directionally dissolves water") is a clause: dropped.
  if (w.some((x, i) => /ly$/.test(x) && i + 1 < w.length - 1 && /[^s]s$/.test(w[i + 1]!))) return { words: [], display: '' };
  while (w.length > 1 && (/ly$/.test(w[0]!) || (/(?:ing|ed)$/.test(w[0]!) && w.length > 2))) {
    w.shift();
    d.shift();
  }
  return { words: w, display: d.join(' ') };
}

function tidyTerm(display: string): string {
  // Keep acronyms and mixed case (IoT, LoRaWAN); lower-case ordinary capitalised words.
  return display
    .split(' ')
    .map((w) => (/^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

const LEADING_FILLER =
  /^(?:(?:we|i)\s+(?:have\s+)?(?:propose|proposed|developed|designed|built|invented|created|want\s+to\s+(?:build|create|develop|make))\s+|(?:this|our|my|the)\s+(?:idea|invention|project|proposal|innovation|technology|concept|startup)\s+(?:is|proposes|concerns|relates\s+to|describes)\s+|(?:it\s+is|this\s+is)\s+)/i;

/** A short noun phrase naming the technology, from the first sentence. */
export function extractSubject(firstSentence: string, fallback: string): string {
  let s = firstSentence.replace(LEADING_FILLER, '').replace(/^(?:an?|the)\s+/i, '');
  const cut = /\s(?:that|which|who|for|to|using|uses|with|by|in|on|where|so|capable|designed|made|able)\s|[,;:(]/i.exec(s);
  if (cut && cut.index >= 6) s = s.slice(0, cut.index);
  const words = s.split(/\s+/).filter(Boolean).slice(0, 8);
  // Drop trailing participles and stopwords ("filter coated" → "filter").
  while (words.length > 1 && (/ed$/i.test(words[words.length - 1]!) || STOPWORDS.has(words[words.length - 1]!.toLowerCase()))) {
    words.pop();
  }
  const phrase = words.join(' ').replace(/[.!?]+$/, '').trim();
  if (phrase.length < 4 || phrase.split(' ').length === 1 && STOPWORDS.has(phrase.toLowerCase())) return fallback;
  return phrase.charAt(0).toLowerCase() === phrase.charAt(0) || /^[A-Z][a-z]/.test(phrase)
    ? phrase.charAt(0).toLowerCase() + phrase.slice(1)
    : phrase;
}

/** "for smallholder farmers", "for hospitals" → the users or settings named in the idea. */
export function extractStatedUsers(text: string, max = 4): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bfor\s+((?:[a-z][\w-]*\s*){1,5}?)(?=[,.;:)]|\s(?:who|that|which|in|at|to|and|with|by|where|using)\b|$)/gi)) {
    const phrase = m[1]!.trim().replace(/\s+/g, ' ');
    const first = phrase.split(' ')[0]!.toLowerCase();
    if (['example', 'instance', 'the', 'a', 'an', 'use', 'this', 'that', 'it', 'its', 'their', 'his', 'her', 'our', 'your', 'more', 'less', 'up', 'years', 'decades', 'example,', 'each', 'every', 'measuring', 'testing', 'use in'].includes(first) || /\d/.test(phrase)) continue;
    if (phrase.length < 4 || out.some((o) => o.toLowerCase() === phrase.toLowerCase())) continue;
    out.push(phrase);
    if (out.length >= max) break;
  }
  return out;
}

const PURPOSE_VERB =
  /\b(?:detect|diagnos|remov|treat|monitor|measur|prevent|reduc|captur|filter|kill|degrad|sens|identif|predict|map|track|clean|purif|recycl|convert|stor|deliver|protect)\w*\s+((?:[a-z][\w-]*\s*){1,4}?)(?=[,.;:)]|\s(?:and|in|at|from|for|to|with|by|using|on|before|after)\b|$)/gi;

/** What the technology acts on: the objects of purpose verbs ("detect atrial fibrillation"). */
export function extractTargets(text: string, max = 4): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PURPOSE_VERB)) {
    const phrase = m[1]!.trim().replace(/^(?:the|a|an|their|its)\s+/i, '');
    if (phrase.length < 3 || STOPWORDS.has(phrase.toLowerCase())) continue;
    if (!out.some((o) => o.toLowerCase() === phrase.toLowerCase())) out.push(phrase);
    if (out.length >= max) break;
  }
  return out;
}

const CLAIM_NUMBER =
  /\d+(?:\.\d+)?\s*(?:%|percent|x\b|times|fold|°c|degrees|kwh|wh|mah|kw|mw|w\b|v\b|kg|g\b|tonnes?|tons?|litres?|liters?|l\b|ml|m3|hours?|hrs?|minutes?|mins?|seconds?|days?|weeks?|months?|years?|mm|cm|µm|um|nm|ppm|ppb|mg\/l|usd|\$|inr|rs\.?|₹|euro?s?|€)/i;
const CLAIM_WORDS =
  /\b(?:cheaper|faster|lighter|stronger|safer|longer[- ]lasting|more efficient|less expensive|lower cost|outperforms?|reduces?|reduction|increases?|improves?|saves?|eliminates?|doubles?|halves?|higher (?:yield|accuracy|efficiency|capacity)|accuracy of)\b/i;

/** Sentences that make measurable or comparative claims (to be verified, never repeated as fact). */
export function extractClaims(sentences: string[], max = 6): string[] {
  return sentences
    .filter((s) => CLAIM_NUMBER.test(s) || CLAIM_WORDS.test(s))
    .slice(0, max)
    .map((s) => clip(s, 240));
}

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:\s]+$/, '')}…`;
}

/** A stable small hash, used to pick among equivalent phrasings deterministically. */
export function stableHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
