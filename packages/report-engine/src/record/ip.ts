/**
 * The IP the inventor states: patent and application numbers as written (US grants and
 * publications, provisional and serial numbers, EP, WO, PCT and other national numbers), the
 * status they add up to (granted beats published beats filed; a denial is "none"), and the owner
 * or licensor when the text names one. Nothing is inferred: no number, no statement → unknown.
 */
import type { InventionRecord } from '@assay/shared';
import { clip } from '../text/normalise.ts';
import { partLines, type PastedListing } from '../text/listing.ts';

export type StatedIp = InventionRecord['ip'];

const US_GRANT =
  /\b(?:U\.?\s?S\.?(?:A\.?)?|United States)\s*(?:Pat(?:ent)?s?\.?)?\s*(?:No[s]?\.?|Number|#)?\s*:?\s*((?:RE|D|PP)?\s?\d{1,2},\d{3},\d{3}|(?:RE|D|PP)?\d{7,8})(?!\s*\/|\d)(?:\s*B\d)?/gi;
const PATENT_NO = /\bPat(?:ent)?\.?\s*(?:No\.?|Number|#)\s*:?\s*((?:RE|D)?\d{1,2},\d{3},\d{3}|\d{6,8})\b/gi;
const US_PUBLICATION =
  /\b(?:U\.?S\.?|US)\s*(?:Pat(?:ent)?\.?\s*)?(?:App(?:l(?:ication)?)?\.?\s*)?(?:Pub(?:lication)?\.?\s*)?(?:No\.?\s*)?(20\d\d\s?\/\s?\d{6,7}|20\d{9})(?:\s?A\d)?\b/gi;
const US_SERIAL =
  /\b(?:(?:Provisional|U\.?S\.?|Utility|Patent)\s+)*(?:Application|Appl\.?|Ser(?:ial)?\.?)\s*(?:Ser(?:ial)?\.?\s*)?(?:(?:No\.?|Number)\s*:?\s*)?(\d{2}\s?\/\s?\d{3},?\d{3})\b/gi;
const EP = /\b(?:EP|European Patent(?: Application)?(?: No\.?)?)\s*:?\s*(\d{7}|\d{1,2}\s?\d{3}\s?\d{3}(?:\.\d)?)(?:\s?[AB]\d)?\b/gi;
const WO = /\b(WO\s?\d{4}\s?\/\s?\d{5,6}|WO\d{10})(?:\s?A\d)?\b/gi;
const PCT = /\b(PCT\s?\/\s?[A-Z]{2}\s?\d{2,4}\s?\/\s?\d{5,6})\b/gi;
const OTHER = /\b((?:CN|JP|KR|IN|DE|GB|FR|CA|AU|BR|RU|TW)\s?\d{6,12}(?:\s?[A-Z]\d?)?)\b/g;

const GRANTED =
  /\b(?:issued|granted|grant(?:ed)? (?:in|on)|patented|U\.?S\.? Pat(?:ent)?\.? No|Patent No\.|has a patent|holds? (?:a |the )?patents?)\b/i;
const PUBLISHED = /\b(?:published (?:patent )?application|application (?:was |has been )?published|publication No|pub\. No)\b/i;
const FILED =
  /\b(?:patent[- ]pending|pending|provisional|(?:patent )?application(?:s)? (?:has been |have been |was |were )?(?:filed|submitted|made)|filed (?:a |an |the )?(?:provisional |utility |pct |patent )*(?:patent|application)|applied for (?:a )?patent|pct (?:application|filing)|under (?:patent )?examination|patent filed|patents? filed|filing (?:was )?made)\b/i;
const NONE =
  /\b(?:no (?:patent|ip|filing)s?(?: (?:yet|filed|protection))?|not (?:yet )?(?:been )?(?:patented|filed)|unpatented|without (?:a )?patent|haven'?t (?:yet )?(?:filed|patented)|have not (?:yet )?filed|not protected)\b/i;

const ORG_WORDS = String.raw`(?:[A-Z][\w&.'-]*|of|and|for|the|de|la|&)`;
const OWNER_PATTERNS: RegExp[] = [
  new RegExp(
    String.raw`\b(?:owned by|assigned to|assignee\s*:?|licensor\s*:?|held by|property of|belongs to|on behalf of)\s+((?:the\s+)?[A-Z][\w&.'-]*(?:\s+${ORG_WORDS}){0,8})`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:available (?:for licen[cs]ing|to license) from|licen[cs]ed (?:exclusively )?(?:from|by))\s+((?:the\s+)?[A-Z][\w&.'-]*(?:\s+${ORG_WORDS}){0,8})`,
    'g',
  ),
  new RegExp(
    String.raw`^((?:The\s+)?[A-Z][\w&.'-]*(?:\s+${ORG_WORDS}){0,8}?)\s+(?:is|are)\s+(?:seeking|looking for|offering|inviting)\s+(?:\w+\s+){0,3}(?:licens|partner|collaborat|commerciali)`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:Researchers|Scientists|Engineers|Inventors|A team)\s+(?:at|from)\s+((?:the\s+)?[A-Z][\w&.'-]*(?:\s+${ORG_WORDS}){0,8}?)\s+(?:have|has|developed|invented|created|designed)`,
    'g',
  ),
];

function tidyNumber(n: string): string {
  return n
    .replace(/\s+/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .trim();
}

/** Patent and application numbers, in order of appearance, as written. */
export function patentNumbers(text: string): Array<{ number: string; kind: 'grant' | 'publication' | 'application' }> {
  const found: Array<{ at: number; number: string; kind: 'grant' | 'publication' | 'application' }> = [];
  const add = (re: RegExp, kind: 'grant' | 'publication' | 'application', prefix = '') => {
    for (const m of text.matchAll(re)) {
      const raw = tidyNumber(m[0].replace(/\s*B\d$/, ''));
      if (found.some((f) => Math.abs(f.at - m.index!) < 4 || f.number.includes(tidyNumber(m[1]!)))) continue;
      found.push({ at: m.index!, number: prefix ? `${prefix} ${tidyNumber(m[1]!)}` : raw, kind });
    }
  };
  add(US_PUBLICATION, 'publication');
  add(US_SERIAL, 'application');
  add(WO, 'publication');
  add(PCT, 'application');
  add(EP, 'grant');
  add(US_GRANT, 'grant');
  add(PATENT_NO, 'grant');
  add(OTHER, 'application');
  return found.sort((a, b) => a.at - b.at).map(({ number, kind }) => ({ number, kind }));
}

function ownerIn(sentences: readonly string[]): string | null {
  for (const s of sentences) {
    for (const re of OWNER_PATTERNS) {
      const m = new RegExp(re.source, re.flags).exec(s);
      if (!m) continue;
      const owner = m[1]!
        .replace(/\s+(?:of|and|for|the|de|la|&)$/i, '')
        .replace(/[.,;:]+$/, '')
        .trim();
      if (owner.split(/\s+/).length >= 1 && owner.length >= 3 && !/^(?:The|This|It|We|Our)$/i.test(owner)) return clip(owner, 200);
    }
  }
  return null;
}

/** The IP the text states; status "unknown" with no numbers when it states none. */
export function readIp(listing: PastedListing, sentences: readonly string[]): StatedIp {
  const ipLines = partLines(listing, 'ip');
  const text = [listing.title ?? '', ...sentences].join('\n');
  const numbers = patentNumbers(text);
  const statusOf = (s: string) =>
    NONE.test(s) ? 'none' : GRANTED.test(s) ? 'granted' : PUBLISHED.test(s) ? 'published' : FILED.test(s) ? 'filed' : null;
  const rank = { unknown: 0, none: 1, filed: 2, published: 3, granted: 4 } as const;
  let status: StatedIp['status'] = 'unknown';
  let statedText: string | null = null;
  const consider = (s: string, st: StatedIp['status'] | null) => {
    if (!st || rank[st] <= rank[status]) return;
    // A denial never outranks a statement of a filing; it only replaces "unknown".
    if (st === 'none' && status !== 'unknown') return;
    status = st;
    statedText = clip(s.trim(), 600);
  };
  for (const s of [...ipLines, ...sentences]) {
    if (
      !/patent|pending|provisional|\bpct\b|\bip\b|intellectual property|filed|filing|licens|issued|granted/i.test(s) &&
      !patentNumbers(s).length
    )
      continue;
    consider(s, statusOf(s));
    // A number states a status of its own: a granted patent number is a grant, a publication a publication.
    for (const n of patentNumbers(s)) consider(s, n.kind === 'grant' ? 'granted' : n.kind === 'publication' ? 'published' : 'filed');
  }
  return {
    status,
    numbers: numbers.map((n) => n.number).slice(0, 12),
    owner: ownerIn([...ipLines, ...sentences]),
    stated_text: statedText,
  };
}
