/**
 * The shape of what a member pastes. Technology-transfer listings and patent pages arrive as a
 * title line, then labelled parts ("Stage of Development: Proof of concept", "Applications:" with
 * bullets under it, "Patents: US 10,123,456"); ideas typed by members are plain paragraphs. Both
 * are read into one form: the title (when the first line is one), the body, and the labelled parts
 * with their lines, so the record's readers look for a stage under "Stage", uses under
 * "Applications", and never mistake a label for a sentence.
 */
import { normaliseText } from './normalise.ts';
import { splitSentences } from './sentences.ts';

export type PartKind =
  | 'stage'
  | 'applications'
  | 'advantages'
  | 'ip'
  | 'licensing'
  | 'market'
  | 'problem'
  | 'technology'
  | 'summary'
  | 'features'
  | 'customers'
  | 'team'
  | 'other';

/** Label words as listings write them, by what the part holds. Longest first where they overlap. */
const PART_LABELS: ReadonlyArray<readonly [PartKind, RegExp]> = [
  [
    'stage',
    /^(?:(?:current )?(?:stage|state|status|phase) of (?:development|the technology|technology|readiness)|development (?:stage|status|phase)|technology readiness(?: level)?|trl|(?:technology |development )?status|maturity|readiness)$/i,
  ],
  [
    'applications',
    /^(?:(?:potential |commercial |possible |key |market |target )?applications?(?: and (?:uses|markets))?|(?:potential |possible )?uses|use cases?|target (?:applications|markets?))$/i,
  ],
  [
    'advantages',
    /^(?:(?:key |main |competitive )?(?:advantages?|benefits?)(?: and (?:features|applications))?|value proposition|why it matters)$/i,
  ],
  ['features', /^(?:(?:key |technical )?features?|innovation|technical (?:details|summary)|how it works)$/i],
  [
    'ip',
    /^(?:intellectual property(?: status)?|ip(?: status)?|patents?(?: status| information)?|patent (?:status|information)|ip protection|protection|publications? and patents)$/i,
  ],
  [
    'licensing',
    /^(?:licensing(?: opportunity| status)?|opportunity|partnering(?: opportunity)?|seeking|looking for|collaboration(?: opportunity)?|available for licensing)$/i,
  ],
  ['market', /^(?:market(?: opportunity| size| potential)?|commercial (?:opportunity|potential))$/i],
  ['problem', /^(?:(?:the )?problem|background|unmet need|challenge|need)$/i],
  [
    'technology',
    /^(?:(?:the )?technology|(?:technology )?description|(?:the )?solution|invention|technical description|abstract|overview)$/i,
  ],
  ['summary', /^(?:summary|executive summary|tech(?:nology)? summary)$/i],
  ['customers', /^(?:customers?|target (?:customers|users)|users)$/i],
  ['team', /^(?:inventors?|researchers?|team|contact|lead (?:inventor|researcher))$/i],
];

export function partKind(label: string): PartKind | null {
  const l = label.trim().replace(/\s+/g, ' ');
  for (const [kind, re] of PART_LABELS) if (re.test(l)) return kind;
  return null;
}

export interface ListingPart {
  /** The label as written, or null for unlabelled text. */
  label: string | null;
  kind: PartKind | null;
  /** The part's lines (a bullet without its marker), in order; a "Label: value" line starts with its value. */
  lines: string[];
}

export interface PastedListing {
  /** The first line when it reads as a title (short, no closing full stop, followed by a description). */
  title: string | null;
  /** Everything below the title. */
  body: string;
  parts: ListingPart[];
}

const BULLET = /^(?:[•◦▪▫●○·‣⁃*–—-]|\d{1,2}[.)]|\(?[a-z]\))\s+/;
const MAX_TITLE_WORDS = 30;

export const stripBullet = (line: string) => line.replace(BULLET, '').trim();
export const isBullet = (line: string) => BULLET.test(line);

/** "Stage of Development: Proof of concept" → label and value, when the label is one listings use. */
function labelled(line: string): { label: string; value: string } | null {
  const m = /^([A-Za-z][A-Za-z /&()'-]{1,48}?)\s*[:：]\s*(.*)$/.exec(line);
  if (!m) return null;
  const label = m[1]!.trim();
  if (label.split(/\s+/).length > 6 || !partKind(label)) return null;
  return { label, value: m[2]!.trim() };
}

/** A label alone on its line ("Applications", "Advantages:"). */
function heading(line: string): string | null {
  const l = line.replace(/[:：]\s*$/, '').trim();
  if (l.length === 0 || l.split(/\s+/).length > 6 || /[.!?]$/.test(l)) return null;
  return partKind(l) ? l : null;
}

export function splitTitle(text: string): { title: string | null; body: string } {
  const nl = text.indexOf('\n');
  if (nl < 0) return { title: null, body: text };
  const first = text.slice(0, nl).trim();
  const rest = text.slice(nl + 1).trim();
  const words = first.split(/\s+/).filter(Boolean);
  const isTitle =
    rest.length >= 40 &&
    words.length > 0 &&
    words.length <= MAX_TITLE_WORDS &&
    !/[.!?:;]["”')]*$/.test(first) &&
    !labelled(first) &&
    !heading(first) &&
    !isBullet(first);
  return isTitle ? { title: first, body: rest } : { title: null, body: text };
}

/**
 * A news release's dateline ("FORT COLLINS, Colo. (CBS4) – ", "MT. PLEASANT — ") says where the story was
 * filed, not what the invention is: the body is read without it.
 */
const DATELINE =
  /^[A-Z][A-Z.'’-]+(?:\s+[A-Z][A-Z.'’-]+){0,3}(?:,\s+[A-Z][a-z]+\.?(?:\s+[A-Z][a-z]+\.?)?)?\s*(?:\([^)\n]{1,30}\)\s*)?[—–-]{1,2}\s+(?=[A-Z])/;

export function readListing(raw: string): PastedListing {
  const text = normaliseText(raw);
  const split = splitTitle(text);
  const title = split.title;
  const body = split.body.replace(DATELINE, '');
  const parts: ListingPart[] = [];
  let current: ListingPart = { label: null, kind: null, lines: [] };
  let inline = false;
  const open = (label: string | null, first?: string) => {
    if (current.lines.length > 0 || current.label) parts.push(current);
    current = { label, kind: label ? partKind(label) : null, lines: first ? [first] : [] };
  };
  for (const rawLine of body.split('\n')) {
    const line = rawLine.trim();
    if (!line) continue;
    const h = heading(line);
    if (h) {
      open(h);
      inline = false;
      continue;
    }
    const lv = labelled(line);
    if (lv) {
      open(lv.label, lv.value || undefined);
      inline = Boolean(lv.value);
      continue;
    }
    // Prose after a "Label: value" line ("Stage of Development: Proof of concept", then a paragraph) is unlabelled again;
    // under a label alone on its line, everything up to the next label belongs to it.
    if (inline && !isBullet(line)) {
      open(null);
      inline = false;
    }
    current.lines.push(stripBullet(line));
  }
  open(null);
  return { title, body, parts };
}

/** The lines of every part of one kind, in order. */
export function partLines(listing: PastedListing, kind: PartKind): string[] {
  return listing.parts.filter((p) => p.kind === kind).flatMap((p) => p.lines);
}

/** Every sentence of the body, each labelled part's value read as its own sentence. */
export function listingSentences(listing: PastedListing): string[] {
  return listing.parts.flatMap((p) => p.lines.flatMap((l) => splitSentences(l)));
}
