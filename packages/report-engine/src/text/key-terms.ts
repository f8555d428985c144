/**
 * Key phrases of a text (a RAKE-style scorer), its subject phrase and the users it names:
 * what the search terms are built from. Deterministic and fast.
 */
import { splitSentences } from './sentences.ts';

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
capable comprising comprises configured enhance enhances`
    .split(/\s+/)
    .filter((w) => !w.endsWith('?')),
);

/** Words too generic to stand alone as a key term (they may still sit inside a phrase). */
const GENERIC = new Set(
  `efficient effective effectively affordable portable smart automatic automated advanced modern small large
various different specific particular main key important good great real world better best data concept home
cycles results result samples sample prototype pilot partner partners team`.split(/\s+/),
);

/** True for a function word or a common verb form: never part of a technical noun phrase. */
export const isStopword = (word: string) => STOPWORDS.has(word.toLowerCase());

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
const ADMIN = new Set([
  'patent',
  'patents',
  'paper',
  'papers',
  'university',
  'partner',
  'partners',
  'funding',
  'investor',
  'investors',
  'startup',
  'company',
  'months',
  'lab',
  'pilot',
  'grant',
]);

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
  const phrase = words
    .join(' ')
    .replace(/[.!?]+$/, '')
    .trim();
  if (phrase.length < 4 || (phrase.split(' ').length === 1 && STOPWORDS.has(phrase.toLowerCase()))) return fallback;
  return phrase.charAt(0).toLowerCase() === phrase.charAt(0) || /^[A-Z][a-z]/.test(phrase)
    ? phrase.charAt(0).toLowerCase() + phrase.slice(1)
    : phrase;
}

/** "for smallholder farmers", "for hospitals" → the users or settings named in the idea. */
export function extractStatedUsers(text: string, max = 4): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /\bfor\s+((?:[a-z][\w-]*\s*){1,5}?)(?=[,.;:)]|\s(?:who|that|which|in|at|to|and|with|by|where|using)\b|$)/gi,
  )) {
    const phrase = m[1]!.trim().replace(/\s+/g, ' ');
    const first = phrase.split(' ')[0]!.toLowerCase();
    if (
      [
        'example',
        'instance',
        'the',
        'a',
        'an',
        'use',
        'this',
        'that',
        'it',
        'its',
        'their',
        'his',
        'her',
        'our',
        'your',
        'more',
        'less',
        'up',
        'years',
        'decades',
        'example,',
        'each',
        'every',
        'measuring',
        'testing',
        'use in',
      ].includes(first) ||
      /\d/.test(phrase)
    )
      continue;
    if (phrase.length < 4 || out.some((o) => o.toLowerCase() === phrase.toLowerCase())) continue;
    out.push(phrase);
    if (out.length >= max) break;
  }
  return out;
}
