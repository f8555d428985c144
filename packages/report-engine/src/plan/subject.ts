/**
 * The subject of a report: a short noun phrase naming what the invention IS, taken from the
 * idea's first sentence. Patent-style openings ("The present invention relates to", "Disclosed
 * herein is", "X are disclosed", "Embodiments of the disclosure provide") are stripped, the head
 * noun phrase is kept and everything after it (relative clauses, "includes…", "for use on…") is
 * dropped, so that the phrase reads correctly wherever a section puts it ("the … is tested").
 * Pure and deterministic; the product's own name, when the inventor gives one, is taken verbatim
 * elsewhere (stated.ts) and wins over this phrase.
 */

/** Openings that say nothing about the invention; removed repeatedly from the front. */
const PREAMBLES: readonly RegExp[] = [
  /^(?:the|this)\s+(?:present\s+)?(?:invention|disclosure|application|technology)\s+(?:also\s+)?(?:generally\s+)?(?:relates|is\s+related|pertains|is\s+directed|is\s+drawn|refers)(?:\s+to)?\s+/i,
  /^(?:the|this)\s+(?:present\s+)?(?:invention|disclosure|application)\s+(?:also\s+)?(?:provides|describes|discloses|concerns|presents|proposes|teaches)(?:\s+for)?\s+/i,
  /^(?:various\s+)?(?:embodiments|aspects|implementations|examples)\s+(?:of\s+(?:the|this)\s+(?:present\s+)?(?:disclosure|invention)\s+)?(?:provide|describe|include|relate\s+to|are\s+directed\s+to)\s+/i,
  /^(?:disclosed|described|provided|presented)\s+(?:herein|here|below)?\s*(?:is|are)\s+/i,
  /^(?:in\s+(?:one|some|an?)\s+(?:embodiment|aspect|example)s?,?\s+)/i,
  /^(?:we|i)\s+(?:have\s+)?(?:propose|proposed|developed|designed|built|invented|created|want\s+to\s+(?:build|create|develop|make))\s+/i,
  /^(?:this|our|my|the)\s+(?:idea|project|proposal|innovation|concept|startup)\s+(?:is|proposes|concerns|relates\s+to|describes)\s+/i,
  /^(?:it|this)\s+is\s+/i,
];

/** Nouns naming the act of making or using something: "formulation and application of X" is about X. */
const PROCESS_OF = /^(?:(?:the\s+)?(?:formulation|application|preparation|production|manufacture|manufacturing|use|synthesis|fabrication|provision|making)(?:\s+(?:and|or|and\/or)\s+)?)+\s*of\s+/i;

/** Praise that is not part of what the thing is. */
const PROMOTIONAL = /^(?:novel|new|improved|innovative|high-performance|high performance|advanced|efficient|unique|improved)\s+/i;

/** Verbs and clause openers that end the noun phrase. */
const CLAUSE_END =
  /\s(?:that|which|who|whom|whose|where|wherein|whereby|when|while|includes?|including|has|have|having|comprises?|comprising|consists?|consisting|contains?|containing|is|are|was|were|can|could|may|might|will|shall|utili[sz]es?|utili[sz]ing|uses|provides?|allows?|enables?|configured|capable|able|so|designed|intended|to|according)\b|[,;:]|\s[-–—]\s/i;

/** Prepositions that end the phrase once it has a head of two words or more. */
const PREPOSITION_END = /\s(?:for|with|by|in|on|at|from|via|into|onto|through|under|over|between|among|of)\s/i;

const LIGHT_GERUNDS = /^(?:performing|providing|carrying\s+out|conducting|doing|enabling|implementing)\s+/i;

const GENERIC_HEADS = new Set(['system', 'device', 'apparatus', 'method', 'process', 'composition', 'assembly', 'arrangement', 'kit', 'structure', 'article', 'product', 'unit', 'means']);

const TRAILING_JUNK = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'for', 'to', 'in', 'on', 'with', 'by', 'at', 'from', 'as', 'its', 'their', 'thereof', 'related', 'such']);

/** "devices" → "device", "batteries" → "battery"; leaves "glass", "apparatus", "process" alone. */
export function singular(word: string): string {
  if (!/^[a-z-]+$/.test(word) || word.length < 4) return word;
  if (/(?:ss|us|is|ics|ous)$/.test(word)) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

// "The present wind turbine blade": patent language for "this", not part of the name.
const stripLeadingArticle = (s: string) => s.replace(/^(?:an?|the|one\s+or\s+more|at\s+least\s+one|a\s+plurality\s+of)\s+/i, '').replace(/^present\s+(?=\S+\s+\S)/i, '');

function stripPreambles(sentence: string): string {
  let s = sentence.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of PREAMBLES) {
      const next = s.replace(re, '');
      if (next !== s) {
        s = next;
        changed = true;
      }
    }
  }
  // "Battery impedance testing devices, circuits … are disclosed." → what is disclosed.
  const passive = /^(.{4,}?)\s+(?:is|are)\s+(?:(?:herein|here|also)\s+)?(?:disclosed|provided|described|presented|claimed|taught)\b/i.exec(s);
  if (passive) s = passive[1]!;
  // "Substantially pure water is produced via desalination using …" → the means, not the product.
  const produced = /^.{3,}?\s+(?:is|are)\s+(?:produced|obtained|achieved|made|generated|prepared)\s+(?:via|by|through|using)\s+(.+)$/i.exec(s);
  if (produced) s = produced[1]!;
  // "VoltScope is a handheld instrument …" → "handheld instrument" (the name is kept elsewhere).
  const isA = /^(?:[A-Z0-9][\w+.®™-]*\s+){1,3}?(?:is|are)\s+(?:an?|the)\s+(.+)$/.exec(s);
  if (isA && !/^(?:the|this|it)\b/i.test(s)) s = isA[1]!;
  return s;
}

/** Drops "(402)", "(424)", "(457′)": reference numerals of patent drawings. */
const stripNumerals = (s: string) => s.replace(/\s*\(\d+[a-z]?[′'’]*\)/g, '');

/**
 * The noun phrase naming the invention in one sentence (its first, usually), or null when none
 * can be read (the caller falls back to a key term).
 */
export function subjectOf(sentence: string): string | null {
  let s = stripPreambles(stripNumerals(sentence).replace(/[.!?]+$/, ''));
  s = stripLeadingArticle(s);
  // "A method of making a ceramic membrane" is about the membrane.
  s = s.replace(/^(?:methods?|process(?:es)?)\s+(?:of|for)\s+(?:making|producing|manufacturing|preparing|forming|fabricating|synthesi[sz]ing|obtaining)\s+/i, '');
  for (let i = 0; i < 3; i++) s = stripLeadingArticle(s.replace(PROMOTIONAL, '').replace(PROCESS_OF, ''));
  // "methods and systems for performing machine learning" → "machine learning method".
  const light = /^(method|system|process|apparatus|device)s?(?:\s+and\s+(?:methods?|systems?|apparatus|devices?))?\s+(?:for|of)\s+(.+)$/i.exec(s);
  if (light && LIGHT_GERUNDS.test(light[2]!)) {
    const rest = light[2]!.replace(LIGHT_GERUNDS, '');
    const head = (/^(.+?)(?:\s(?:for|with|by|in|on|using|that|which)\s|[,;:]|$)/i.exec(rest)?.[1] ?? rest).trim();
    s = `${stripLeadingArticle(head)} ${light[1]!.toLowerCase()}`;
  }
  // "adjuvant and/or immunomodulator isolated from peanut skin extract" → "peanut skin extract adjuvant".
  const source = /^([\w-]+)(?:\s+(?:and\/or|or|and)\s+[\w-]+)?\s+(?:isolated|derived|extracted|obtained|purified)\s+from\s+(?:an?\s+|the\s+)?((?:[\w-]+\s+){0,3}?[\w-]+)(?=[,;.]|\s(?:which|that|and|for|to|as|with)\b|$)/i.exec(s);
  if (source) s = `${source[2]} ${source[1]}`;
  // A head with a gerund complement keeps its "for …" ("process for preparing a surface of …").
  const gerund = /^(?:\S+\s+){0,2}?(?:process|method|technique|procedure)\s+(?:for|of)\s+\w+ing\s/i.test(s);
  const cut = CLAUSE_END.exec(` ${s}`);
  if (cut && cut.index > 1) s = ` ${s}`.slice(0, cut.index).trim();
  if (!gerund) {
    const prep = PREPOSITION_END.exec(s);
    if (prep && s.slice(0, prep.index).trim().split(/\s+/).length >= 2) {
      const before = s.slice(0, prep.index).trim();
      const after = s.slice(prep.index).trim();
      // "desalination using …" was a one-word head: keep "X of Y" only for such heads.
      s = /^of\s/i.test(after) && before.split(/\s+/).length < 3 ? s : before;
    }
  }
  // Coordinated heads: "X system and method" → "X system"; "adjuvant and/or immunomodulator" → "adjuvant".
  s = s.replace(/\s+(?:and|or|and\/or)\s+(?:related\s+)?(?:methods?|systems?|processes?|apparatus(?:es)?|devices?|uses?|kits?)$/i, '');
  s = s.replace(/\s+and\/or\s+[\w-]+/gi, '');
  // "ultra high molecular weight polyethylene (UHMWPE) membrane" → "UHMWPE membrane"; short expansions stay, the acronym goes.
  s = s.replace(/^((?:[\w-]+\s+){1,7}?)\(([A-Z][A-Za-z0-9]{1,9})\)\s*/, (_m, expansion: string, acronym: string) =>
    expansion.trim().split(/\s+/).length >= 4 && acronym.length >= 4 ? `${acronym} ` : `${expansion.trim()} `,
  );
  s = s.replace(/\s*\([^)]*\)\s*/g, ' ').replace(/\s+/g, ' ').trim();
  const words = s.split(/\s+/).filter(Boolean).slice(0, 8);
  // Trailing link words and participles ("filter coated" → "filter").
  while (words.length > 1 && (TRAILING_JUNK.has(words[words.length - 1]!.toLowerCase()) || /^[a-z]+ed$/.test(words[words.length - 1]!))) words.pop();
  if (words.length === 0) return null;
  words[words.length - 1] = singular(words[words.length - 1]!);
  // Ordinary capitalised first words are lower-cased; acronyms and coined names stay as written.
  if (/^[A-Z][a-z-]+$/.test(words[0]!)) words[0] = words[0]!.toLowerCase();
  const phrase = words.join(' ').trim();
  if (phrase.length < 3 || /^(?:it|this|they|these|we|i)$/i.test(phrase)) return null;
  return phrase;
}

/** The opening noun phrase of a later sentence ("A lateral flow assay strip reader is coupled …"). */
function openingNounPhrase(sentence: string): string | null {
  const m = /^(?:an?|the)\s+((?:[\w-]+\s+){2,5}?[\w-]+)\s+(?:is|are|includes?|has|comprises?|can|may)\b/i.exec(stripNumerals(sentence));
  if (!m) return null;
  const words = m[1]!.split(/\s+/);
  if (words.some((w) => TRAILING_JUNK.has(w.toLowerCase())) || GENERIC_HEADS.has(words[words.length - 1]!.toLowerCase()) && words.length < 3) return null;
  return words.join(' ');
}

/**
 * The report's subject from the idea's sentences: the first sentence's noun phrase; when that is
 * a bare generic head ("A system including a processor and memory"), the first later sentence
 * that opens with a specific noun phrase names what kind of system it is.
 */
export function extractSubjectPhrase(sentences: readonly string[]): string | null {
  const first = subjectOf(sentences[0] ?? '');
  if (first && !GENERIC_HEADS.has(first.toLowerCase())) return first;
  for (const s of sentences.slice(1, 5)) {
    const np = openingNounPhrase(s);
    if (np) return first ? `${np} ${first}` : np;
  }
  return first;
}
