/**
 * Sources a section names that nobody gave it: patent numbers, DOIs and organisations that are
 * neither in the evidence found for the report nor in the member's record. Models write them in
 * many forms ("U.S. Pat. No. 9,123,456", "US 9,876,543", "WO2024/123456", "Acme Batteries Inc.
 * already holds …"); every form is caught, so the reviewer can have it rewritten or removed.
 */
import type { EvidenceItem } from '../evidence/evidence.ts';

export interface NamedSource {
  kind: 'patent' | 'doi' | 'organisation';
  /** As written in the text. */
  text: string;
}

/** What a section may name: the evidence it was given and the member's own record. */
export interface KnownSources {
  /** Digit strings of every known patent or application number. */
  numbers: string[];
  /** Lower-cased text of the evidence and the record, where a name or DOI must be found. */
  text: string;
}

const PATENT_FORMS = [
  // U.S. Pat. No. 9,123,456 · US Patent 10,123,456 B2 · U.S. Patent Application Publication No. 2024/0123456 · US 9,876,543
  String.raw`\bU\.?\s?S\.?\s*(?:Pat(?:ent)?\.?\s*)?(?:Appl?(?:ication)?\.?\s*)?(?:Pub(?:lication)?\.?\s*)?(?:No\.?\s*)?(?:\d{1,2},\d{3},\d{3}|\d{7,8}|20\d{2}\/?\d{7})(?:\s?[AB]\d)?\b`,
  // EP 1234567 B1 · WO 2024/123456 · WO2024123456A1 · CN, JP, KR, IN, DE, GB, FR, CA, AU numbers
  String.raw`\b(?:EP|WO|CN|JP|KR|IN|DE|GB|FR|CA|AU)\s?(?:\d{4}\/\d{5,6}|\d{6,12})(?:\s?[A-Z]\d?)?\b`,
  // Patent No. 9,123,456 with no country
  String.raw`\bPat(?:ent)?\.?\s*No\.?\s*\d{1,2},?\d{3},?\d{3}\b`,
];
const PATENT = new RegExp(PATENT_FORMS.join('|'), 'g');
const DOI = /\b10\.\d{4,9}\/[^\s,;)"”]+[^\s,;)"”.]/g;
// A capitalised name ending in a legal form, or a university or institute by name.
const ORGANISATION =
  /\b(?:[A-Z][\w&'-]*\s+){0,4}[A-Z][\w&'-]*,?\s+(?:Inc\.?|Ltd\.?|LLC|GmbH|AG|plc|PLC|Corp\.?|Corporation|Limited|Pvt\.?\s+Ltd\.?|S\.A\.|S\.p\.A\.|B\.V\.|N\.V\.)(?![\w])|\bUniversity of (?:[A-Z][\w-]*\s?){1,3}|\b(?:[A-Z][\w-]*\s){1,3}(?:University|Institute of Technology)\b/g;
/** Sentence-initial words that are not part of a name ("The Acme Corp."). */
const LEADING = /^(?:The|A|An|And|But|With|By|From|For|As|At|In|On|Of|Unlike|Like|While|Both|Only|Even|Also)\s+/;
const LEGAL_FORM = /,?\s+(?:Inc|Ltd|LLC|GmbH|AG|plc|PLC|Corp|Corporation|Limited|Pvt\.?\s+Ltd|S\.A|S\.p\.A|B\.V|N\.V)\.?$/;

const digits = (s: string) => s.replace(/\D/g, '');

export function knownSources(evidence: readonly EvidenceItem[], record: { text: string; numbers: readonly string[] }): KnownSources {
  const identifiers = [...evidence.map((e) => e.identifier), ...record.numbers];
  return {
    numbers: identifiers.map(digits).filter((d) => d.length >= 5),
    text: [record.text, ...evidence.flatMap((e) => [e.identifier, e.url, e.title, e.abstract, ...e.holders])].join('\n').toLowerCase(),
  };
}

function knownNumber(written: string, known: KnownSources): boolean {
  const d = digits(written);
  // "US 2024/0123456" and "US20240123456A1" are one publication; a kind code adds a digit.
  return known.numbers.some((k) => k.includes(d) || d.includes(k) || (d.length > 6 && k.includes(d.slice(0, -1))));
}

function knownOrganisation(written: string, known: KnownSources): boolean {
  const name = written.replace(LEADING, '').replace(LEGAL_FORM, '').trim().toLowerCase();
  return name.length < 3 || known.text.includes(name);
}

/** Every source `text` names that the evidence and the record do not hold. */
export function inventedSources(text: string, known: KnownSources): NamedSource[] {
  const out: NamedSource[] = [];
  for (const m of text.matchAll(PATENT)) if (!knownNumber(m[0], known)) out.push({ kind: 'patent', text: m[0].trim() });
  for (const m of text.matchAll(DOI)) if (!known.text.includes(m[0].toLowerCase())) out.push({ kind: 'doi', text: m[0] });
  for (const m of text.matchAll(ORGANISATION)) {
    const written = m[0].trim().replace(LEADING, '');
    if (!knownOrganisation(written, known)) out.push({ kind: 'organisation', text: written });
  }
  return out;
}
