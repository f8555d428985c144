/**
 * The product's name exactly as written. In order: a name the text gives ("called VoltScope",
 * "VoltScope™"); a coined name at the start of a sentence ("Bio-Sense is a …", "PFAS-Annihilator
 * destroys …") — never an organisation ("NASA Glenn has developed …", "The University of X
 * offers …"); the title line of a pasted listing or patent. When the idea names nothing, a short
 * descriptive name from what the invention is ("Wearable patch for sepsis detection"), marked as
 * ours (name_stated false) so the member sees it is a suggestion.
 */
import { clip } from '../text/normalise.ts';
import type { PastedListing } from '../text/listing.ts';

export interface ReadName {
  name: string;
  stated: boolean;
}

// A name may hold a dot ("Node.js") but never ends with one: "we call it SunCart-3. 12 panels …".
const NAME_TOKEN = String.raw`[A-Za-z0-9](?:[\w+&.'’®™-]*[\w+&'’®™-])?`;
const NAMED_AS = new RegExp(
  // "they named it the “quiet valve”": the name a team gave it, after "it" or "it the".
  String.raw`\b(?:(?:called|named|dubbed)\s+(?:it|them)\s+(?:the\s+)?(?=["“'‘])|called|named|dubbed|branded(?: as)?|known as|trade ?name(?: is)?|product name(?: is)?)\s*:?\s*["“'‘]?(${NAME_TOKEN}(?:\s+${NAME_TOKEN}){0,3}?)(?=["”'’]|[,.;:)]|\s+(?:is|are|that|which|will|to|for|and|uses|as)\b|$)`,
  'u',
);
const MARKED = /([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})\s?[®™]/u;
/** Words that show a capitalised run names an organisation, a person or a place, not a product. */
const ORGANISATION =
  /\b(?:University|Universit[àäé]|Institute|Institut|Laborator(?:y|ies)|Lab|Labs|College|School|Hospital|Centre|Center|Foundation|Agency|Ministry|Department|Council|Office|Inc|Ltd|LLC|GmbH|Corp(?:oration)?|Company|Co|AG|SA|plc|Society|Academy|Authority|Trust|Group|Research|Technologies|NASA|ESA|Fraunhofer|CSIR|CNRS|MIT|IIT|NIH|DOE|Researchers?|Scientists?|Engineers?|Inventors?|Professor|Prof|Dr)\b/;
/** Words that open a sentence without naming anything. */
const NOT_NAMES = new Set([
  'the',
  'this',
  'that',
  'these',
  'those',
  'our',
  'we',
  'i',
  'it',
  'its',
  'a',
  'an',
  'in',
  'on',
  'for',
  'with',
  'by',
  'using',
  'unlike',
  'current',
  'currently',
  'existing',
  'today',
  'most',
  'many',
  'each',
  'every',
  'one',
  'two',
  'my',
  'their',
  'such',
  'when',
  'while',
  'there',
  'here',
  'what',
  'how',
  'why',
  'if',
  'as',
  'at',
  'from',
  'to',
  'of',
  'and',
  'or',
  'but',
  'so',
  'also',
  'after',
  'before',
  'systems',
  'methods',
  'devices',
  'disclosed',
  'provided',
  'described',
  'embodiments',
  'aspects',
  'applications',
  'advantages',
]);
/** Acronyms of techniques and materials, not products: "LoRa", "PCR", "LiDAR" alone never name the invention. */
const COMMON_TERMS = new Set([
  'ai',
  'ml',
  'iot',
  'usb',
  'led',
  'leds',
  'gps',
  'pcr',
  'dna',
  'rna',
  'mrna',
  'crispr',
  'lora',
  'lorawan',
  'lidar',
  'radar',
  'rfid',
  'nfc',
  'ble',
  'wifi',
  'wi-fi',
  'lte',
  '5g',
  '4g',
  'uv',
  'ir',
  'pv',
  'ev',
  'evs',
  'co2',
  'pfas',
  'mri',
  'ct',
  'ecg',
  'eeg',
  'icu',
  'api',
  'saas',
  'pcb',
  'mems',
  'cmos',
  'gan',
  'sic',
  'trl',
  'ip',
  'pct',
  'usd',
  'inr',
  'eur',
  'iso',
  'iec',
  'fda',
  'ce',
  'ph',
  'h2',
  'o2',
  'nasa',
  'esa',
  'eu',
  'us',
  'uk',
  'ai-based',
  'ml-based',
  'llm',
  'gpu',
  'cpu',
  'fpga',
  'asic',
  'oled',
  'lcd',
  'cnc',
  'eis',
  'ocv',
  'soc',
  'soh',
]);

/** A word that reads as a coined name: inner capital (VoltScope), digits with letters (X2), a trademark, or a hyphenated capitalised compound (Bio-Sense). */
function coined(word: string, text: string): boolean {
  const w = word.replace(/[.,;:()"”]+$/g, '');
  if (w.length < 2 || COMMON_TERMS.has(w.toLowerCase())) return false;
  // "polyethylene (UHMWPE)": an acronym the text defines names a material or class, not the product.
  if (text.includes(`(${w})`)) return false;
  // "Solid-State", "Real-Time", "On-Demand": ordinary compounds capitalised in a title, not coined names.
  if (
    /^(?:solid|real|low|high|on|non|self|multi|single|double|long|short|full|half|near|open|closed|light|heavy|next|cross|wide|ultra|super|micro|nano|bio|eco|dual|all|in|off|two|three|one)-/i.test(
      w,
    ) &&
    !/[a-z][A-Z]|\d/.test(w)
  )
    return false;
  return (
    /[a-z][A-Z]/.test(w) ||
    (/\d/.test(w) && /[A-Za-z]{2}/.test(w) && !/^\d/.test(w)) ||
    /[®™]/.test(w) ||
    /^[A-Z][a-z]+-[A-Z][\w]*$/.test(w) ||
    /^[A-Z]{2,}-[A-Za-z0-9]+$/.test(w)
  );
}

/** "X is a …", "X: a …", "X, a …", "X uses …": a coined name opening a sentence. */
function leadingName(sentence: string, text: string): string | null {
  const m = new RegExp(
    String.raw`^((?:${NAME_TOKEN})(?:\s+${NAME_TOKEN}){0,2}?)\s*(?:\(|,|:|—|–|\s(?:is|are|was|uses|combines|measures|detects|destroys|removes|converts|enables|provides|offers|lets|helps|turns|delivers)\b)`,
    'u',
  ).exec(sentence);
  if (!m) return null;
  const words = m[1]!.split(/\s+/);
  if (NOT_NAMES.has(words[0]!.toLowerCase()) || ORGANISATION.test(m[1]!)) return null;
  if (words.some((w) => coined(w, text))) return m[1]!.replace(/[.,;:]+$/, '');
  return null;
}

/** Words before an organisation's name: a partner, funder, buyer or owner, never the product. */
const PARTNERED =
  /\b(?:(?:partnered|partnering|partnership|collaborat\w*|teamed up|teaming up|working|works|worked|signed)\s+with|(?:funded|backed|acquired|bought|owned|supported|sponsored)\s+by|licen[cs]ed\s+(?:from|to)|sold\s+to)$/i;

/** "Our product, X, …", "we call it X", "introducing X". */
const INTRODUCED = new RegExp(
  String.raw`\b(?:(?:our|the)\s+(?:product|device|system|platform|app|solution|invention|technology|prototype|kit|sensor|tool),\s+|we call (?:it|this)\s+|introducing\s+|meet\s+)["“]?(${NAME_TOKEN}(?:\s+${NAME_TOKEN}){0,2}?)["”]?(?=[,.;:)]|\s+(?:is|are|which|that|—|-)\b|$)`,
  'iu',
);

/** "Name: description" or "Name – description" in a title: the part before is the name when it is coined. */
function titleName(title: string, text: string): string | null {
  const m = /^(.{2,60}?)\s*(?::|–|—|\s-\s)\s*\S/.exec(title);
  if (m && m[1]!.split(/\s+/).some((w) => coined(w, text))) return m[1]!.trim();
  return null;
}

/**
 * The name the text gives, or null. `sentences` are the body's; the title line is read apart.
 */
export function statedName(listing: PastedListing, sentences: readonly string[]): string | null {
  const text = `${listing.title ?? ''}\n${listing.body}`;
  for (const re of [NAMED_AS, INTRODUCED]) {
    const m = re.exec(text);
    if (m && !NOT_NAMES.has(m[1]!.split(/\s+/)[0]!.toLowerCase()) && !COMMON_TERMS.has(m[1]!.toLowerCase()))
      return m[1]!.replace(/[.,;:]+$/, '').trim();
  }
  // A notice quotes the invention's title before its case or application number.
  const quoted =
    /["“]([^"”]{10,140}?),?["”],?\s+(?:NASA Case|U\.S\. Patent|US Patent|Patent Application|(?:U\.S\. )?Serial|Case) (?:No|Number|Application)/i.exec(
      text,
    );
  if (quoted) return quoted[1]!.trim();
  // "Both patents share the title “Selenium Interlayer for …”": a patent's or an application's title, quoted.
  const titled = /\b(?:entitled|titled|the title)\s+["“]([^"”\n]{10,140}?)[.,]?["”]/i.exec(text);
  if (titled) return titled[1]!.trim();
  const marked = MARKED.exec(text);
  if (marked && !ORGANISATION.test(marked[1]!)) return marked[1]!.trim();
  if (listing.title) {
    const fromTitle = titleName(listing.title, text);
    if (fromTitle) return fromTitle;
  }
  for (const s of sentences.slice(0, 4)) {
    const lead = leadingName(s, text);
    if (lead) return lead;
  }
  // A coined word anywhere in the opening sentences ("… our SoilSense probe …").
  for (const s of sentences.slice(0, 3)) {
    const words = s.split(/\s+/);
    for (const [i, w] of words.entries()) {
      const bare = w.replace(/[.,;:()"”']+$/g, '').replace(/^["“'(]+/, '');
      // "… partnered with TechLink to …", "funded by AgriNova": whom the owner works with, not the thing.
      if (PARTNERED.test(words.slice(Math.max(0, i - 3), i).join(' '))) continue;
      if (coined(bare, text) && /[a-z]/.test(bare) && bare.replace(/[^A-Za-z]/g, '').length >= 4 && !ORGANISATION.test(bare)) return bare;
    }
  }
  return null;
}

const FILLER =
  /^(?:(?:we|i)\s+(?:have\s+)?(?:propose|proposed|developed|designed|built|invented|created|made|are (?:building|developing|making))\s+|(?:we|i)\s+want\s+to\s+(?:build|create|develop|make|sell)\s+|(?:this|our|my|the)\s+(?:idea|invention|project|proposal|innovation|technology|concept|startup|product|team|company)\s+(?:is|proposes|concerns|relates\s+to|describes|provides|offers|has developed|developed|builds|makes)\s+|(?:the\s+)?present\s+(?:invention|disclosure)\s+(?:relates\s+to|provides|describes|is\s+directed\s+to)\s+|(?:it\s+is|this\s+is)\s+|(?:researchers|scientists|engineers|inventors|a team)\s+(?:at|from)\s+.{3,80}?\s+(?:have|has)\s+(?:developed|invented|created|designed|discovered)\s+)/i;

/** "Jane Okafor of Leeds has been …": a person (of a place) opens the sentence, not the thing. */
export const PERSON_OF_PLACE =
  /^(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z'’-]+\s+(?:of|from)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*,?\s+(?:has|have|had|is|was|said|says|founded|owns|runs|works|worked|started|told|spent)\b/;

/** Someone speaking ("“Cracks are only detectable …,” she said") or a person of a place: a sentence about people, not the thing. */
export function aboutSomeone(sentence: string): boolean {
  return PERSON_OF_PLACE.test(sentence) || /^["“‘]/.test(sentence);
}

/** "a handheld instrument that measures …" → "Handheld instrument that measures …", clipped. */
export function descriptiveName(firstSentence: string): string | null {
  let s = firstSentence.replace(/^[-•*]\s*/, '').trim();
  if (aboutSomeone(s)) return null;
  // "NASA Glenn Research Center has developed a coating …": the organisation is who made it, not what it is.
  const maker =
    /^(.{2,90}?)\s+(?:(?:(?:has|have|had)\s+(?:recently\s+)?)?(?:developed|invented|created|designed|built|engineered|discovered|patented)|licen[cs]es|licensed|transfers|transferred)\s+/.exec(
      s,
    );
  // "The team at Norland Hospital developed a …", "Our lab developed a …": who made it, as above.
  const teamOf = /^(?:the|our|my|a)\s+(?:team|lab|laboratory|group|start-?up|company|researchers|scientists|engineers)\b/i;
  if (maker && (ORGANISATION.test(maker[1]!) || teamOf.test(maker[1]!) || /^(?:[A-Z][\w&.'-]*\s*){1,6}$/.test(maker[1]!)))
    s = s.slice(maker[0].length);
  for (let i = 0; i < 3; i++) s = s.replace(FILLER, '');
  // "Our solid-state sodium battery uses …": the possessive opens the product's own noun phrase.
  s = s.replace(/^(?:an?|the|our|my|this)\s+/i, '').replace(/[.!?]+$/, '');
  const words = s.split(/\s+/);
  if (words.length < 2 || NOT_NAMES.has(words[0]!.toLowerCase()) || /^\d/.test(words[0]!)) return null;
  // Up to the end of the noun phrase and one qualifier: "… that measures X", "… for Y"; a verb ends the subject.
  const cut =
    /\s(?:that|which|who|where|so that|because|while|and then|,)\s|[,;:(]|\s(?:is|are|was|were|uses|measures|detects|destroys|removes|converts|enables|provides|offers|lets|helps|turns|delivers|combines|reads|reports|stores|produces|blocks|gives|sends|allows|can|will|has|have|reached|reduces|improves)\s/i.exec(
      s,
    );
  let phrase = cut && cut.index >= 8 ? s.slice(0, cut.index) : s;
  if (phrase.split(/\s+/).length > 9) {
    // Too long for a title: end before the last qualifier that fits ("… foam made from mycelium", not "… grown on agricultural").
    const nine = phrase.split(/\s+/).slice(0, 9);
    const last = nine.reduce(
      (at, w, i) => (i >= 3 && /^(?:of|for|to|with|in|on|by|from|using|grown|made|based|and)$/i.test(w) ? i : at),
      -1,
    );
    phrase = (last > 0 ? nine.slice(0, last) : nine).join(' ');
  }
  phrase = phrase.replace(/(?:\s+(?:of|for|to|with|in|on|by|and|or|the|a|an|using|grown|made|based|from))+$/i, '');
  if (phrase.length < 6) return null;
  return clip(phrase.charAt(0).toUpperCase() + phrase.slice(1), 120);
}

const INTRODUCED_BY = [
  // "To address this, researchers at Lakeside University are developing a …"
  /\b(?:researchers|scientists|engineers|inventors|investigators|(?:a|the) team)\s+(?:at|from|of|in)\s+[^,;]{2,80}?\s+(?:have\s+|has\s+|had\s+|are\s+|is\s+)?(?:recently\s+)?(?:developed|developing|invented|inventing|created|creating|designed|designing|engineered|discovered)\s+(.+)/i,
  // "… licensed from the U.S. Army a coating that …": what a licence took.
  /\blicen[cs]ed\s+from\s+(?:the\s+)?[A-Z][\w.&'’-]*\s+(?:(?:[A-Z][\w.&'’-]*|of|and|for|de)\s+){0,6}((?:an?|the)\s.+)/,
];

/** The invention a listing introduces in the middle of its text, as a descriptive name; null when none is. */
export function introducedName(sentence: string): string | null {
  for (const re of INTRODUCED_BY) {
    const m = re.exec(sentence);
    if (!m) continue;
    // "single-ion, solid polymer electrolytes as replacements for …": the comma joins adjectives, "as" ends the thing.
    const object = m[1]!
      .split(/\s(?:as|to|that|which|who|so that|in order to|because)\s|[;:(]|,\s(?:which|that|and|a|an|the|having|with)\b|[.!?]$/)[0]!
      .trim();
    const words = object.replace(/^(?:an?|the|new|novel)\s+/i, '').split(/\s+/);
    if (words.length < 2 || NOT_NAMES.has(words[0]!.toLowerCase())) continue;
    if (words.length <= 9) {
      const phrase = words.join(' ').replace(/[,]+$/, '');
      return clip(phrase.charAt(0).toUpperCase() + phrase.slice(1), 120);
    }
    const d = descriptiveName(object);
    if (d) return d;
  }
  return null;
}

/**
 * A title line names the invention unless it is a headline ("Navy lab transfers technology to firm …"),
 * a table's header row ("Country | Type | Number"), or a claim-length patent title: those give a descriptive name.
 */
const HEADLINE =
  /\b(?:transfers?|licen[cs]es|licensed|builds|built|develops|developed|wins|won|receives|received|announces|signs|launches|unveils|creates|helps|gets|jump starts)\b|^(?:notice|intent) of\b/i;
function titleIsName(title: string): boolean {
  return !/\|/.test(title) && title.length <= 120 && !HEADLINE.test(title);
}

/** `sentences` are those that describe the thing; `all` every sentence, licensing ones too ("… licensed from the Navy a tool …"). */
export function readName(listing: PastedListing, sentences: readonly string[], all: readonly string[] = sentences): ReadName {
  const stated = statedName(listing, sentences);
  if (stated) return { name: clip(stated, 120), stated: true };
  if (listing.title && titleIsName(listing.title)) return { name: clip(listing.title.replace(/[.;:]+$/, ''), 120), stated: true };
  if (listing.title && !/\|/.test(listing.title) && !HEADLINE.test(listing.title)) {
    const d = descriptiveName(listing.title);
    if (d) return { name: d, stated: false };
  }
  // A listing opens with the background; the invention comes where "researchers at X have developed" it.
  for (const s of all) {
    const d = introducedName(s);
    if (d) return { name: d, stated: false };
  }
  for (const s of sentences.slice(0, 3)) {
    const d = descriptiveName(s);
    if (d) return { name: d, stated: false };
  }
  return { name: 'Untitled invention', stated: false };
}
