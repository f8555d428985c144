/**
 * What the inventor names: applications and uses, customers and users, licensee types and
 * partners — each as written. From a listing's labelled parts (the bullets under "Applications"),
 * the title's "… for X", and the sentences that introduce a list ("Companies interested in
 * licensing this technology may include …", "applications include …", "suitable for …").
 */
import { clip } from '../text/normalise.ts';
import { partLines, type PastedListing } from '../text/listing.ts';

export interface NamedItems {
  applications: string[];
  customers: string[];
  licensees: string[];
}

type Kind = keyof NamedItems;

const LIST_CUES: ReadonlyArray<{ kind: Kind; re: RegExp }> = [
  // "Ski resorts, highway departments and railway operators are the customers": the list before the cue.
  {
    kind: 'customers',
    re: /^(?!(?:it|this|that|they|we|you|these|those)\b)(.{3,200}?)\s+(?:are|will be|would be)\s+(?:our|the|its)\s+(?:[\w-]+\s+){0,2}?(?:customers|buyers|users|clients|end[- ]users|market)\b/i,
  },
  // "Target users: people with type 2 diabetes", "Applications: tunnels, water tanks" inside the prose.
  { kind: 'customers', re: /\b(?:target (?:users?|customers?|groups?|market)|customers?|end[- ]users?|users?|buyers?)\s*:\s*(.+)/i },
  { kind: 'applications', re: /\b(?:applications?|uses?|use cases?|markets?)\s*:\s*(.+)/i },
  { kind: 'licensees', re: /\b(?:potential |target )?(?:licensees?|partners?)\s*:\s*(.+)/i },
  {
    kind: 'licensees',
    re: /\b(?:companies|firms|organi[sz]ations|manufacturers|parties|partners)\s+(?:\w+\s+){0,6}?(?:interested in|seeking|looking to)\s+(?:licen[cs]ing|commerciali[sz]ing|partnering)[^.]*?\b(?:may |might |could |would )?(?:include|includes|including|are|such as)\s+(.+)/i,
  },
  {
    kind: 'licensees',
    re: /\b(?:potential |target |likely |prospective )?(?:licensees?|licensing partners?|commercial partners?|industry partners?|development partners?)\s+(?:may |might |could |would )?(?:include|includes|including|such as|are|like|:)\s+(.+)/i,
  },
  { kind: 'licensees', re: /\b(?:license|licence|licensing) (?:it |this |the (?:technology|invention|ip|patent) )?to\s+(.+)/i },
  {
    kind: 'licensees',
    re: /\b(?:seeking|looking for)\s+(?:a |an )?(?:licensees?|partners?|collaborators?)\s+(?:in|among|from|such as)\s+(.+)/i,
  },
  {
    kind: 'customers',
    re: /\b(?:customers?|buyers?|end[- ]users?|clients?|target users?|users?)\s+(?:would |will |may |could )?(?:include|includes|including|are|such as|like|:)\s+(.+)/i,
  },
  // "piloted with Kalyani cooperative", "trialled with three hospitals": an organisation or a kind of buyer, not "tested with water samples".
  {
    kind: 'customers',
    re: /\b(?:pilot(?:ed|ing)?|trial(?:led|ed|ing)?|deployed|working)\s+(?:it\s+)?(?:with|at|in)\s+((?:[A-Z][\w&.'-]*|\d+|two|three|four|five|several)\b.+)/,
  },
  { kind: 'customers', re: /\b(?:sold to|sell(?:ing)? (?:(?:it|them|their|our|the)\s+)?(?:\w+\s+)?to|aimed at|targeting|targets)\s+(.+)/i },
  // "my cycling club is using them", "8 machine shops are beta testing it": who uses it now.
  {
    kind: 'customers',
    re: /\b((?:(?:my|our|\d+|two|three|four|five|several|some)\s+)(?:[\w-]+\s+){0,2}?(?:club|clubs|shops|farms|farmers|hospitals|clinics|companies|customers|users|schools|utilities|operators|labs|laboratories|growers|builders|fleets))\s+(?:is|are)\s+(?:already\s+)?(?:beta[- ]|field[- ])?(?:using|testing|trialling|trialing|piloting)\b/i,
  },
  // "Schools and landlords would buy it for 49 USD": who would pay, as the subject.
  {
    kind: 'customers',
    re: /^(?!(?:it|this|that|they|we|you|nobody|no one|everyone|which)\b)([\w-]+(?:(?:,\s*|\s+)[\w-]+){0,11}?)\s+(?:would|will|could|already)\s+(?:buy|pay for|pay|rent|order)\b/i,
  },
  {
    kind: 'applications',
    re: /\b(?:applications?|uses?|use cases?|markets?|sectors?|industries)\s+(?:may |could |would )?(?:include|includes|including|are|such as|like|:)\s+(.+)/i,
  },
  { kind: 'applications', re: /\b(?:suitable|suited|intended|designed|aimed|ideal)\s+(?:for|at)\s+(?:use\s+(?:in|by|for)\s+)?(.+)/i },
  { kind: 'applications', re: /\b(?:can|could|may|might)\s+(?:also\s+)?be\s+(?:used|applied|deployed)\s+(?:in|for|by|to)\s+(.+)/i },
  { kind: 'applications', re: /\bfor use (?:in|by|with)\s+(.+)/i },
  // "… for rural households in India", "… for hospital operating theatres": who it is for, as written.
  {
    kind: 'customers',
    re: /\bfor\s+((?:[\w-]+\s+){0,4}?(?:households|homes|families|farmers|growers|hospitals|clinics|clinicians|surgeons|patients|utilities|operators|recyclers|manufacturers|schools|factories|plants|laboratories|labs|fleets|retailers|municipalities|cities|villages|communities|workshops|theatres|theaters|wards|farms|shops|nurses|cyclists|drivers|builders)(?:\s+in\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)?)\b/,
  },
];

/** Cuts a list's tail off where the sentence moves on, then splits it into items. */
function splitList(tail: string): string[] {
  // "in India and Mexico" is one place list inside an item, not two items.
  tail = tail.replace(
    /\b(?:in|across|from|throughout)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*(?:(?:,\s*|\s+(?:and|or)\s+)[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)+/g,
    (places) => places.replace(/,\s*/g, '\uE000').replace(/\s+(and|or)\s+/g, '\uE001$1\uE001'),
  );
  const cut =
    tail.split(
      /[.;:!?]\s|[.;!?]$|\s(?:because|where|which|that|so that|while|who|in order to|to (?:reduce|improve|replace|enable|help|detect|measure))\s/i,
    )[0] ?? '';
  return cut
    .split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or|as well as)\s+|\s*\/\s*/)
    .map((x) =>
      x
        .trim()
        .replace(/^(?:e\.g\.?|for example|such as|including|includes|like|the|a|an)\s+/i, '')
        .replace(/[.,;:"”')]+$/, '')
        .trim(),
    )
    .map(closeParenthesis)
    .map((x) => x.replace(/\uE000/g, ', ').replace(/\uE001/g, ' '))
    .filter((x) => x.length >= 3 && x.split(/\s+/).length <= 8 && !/^(?:etc|others?|more|many more|and more)$/i.test(x));
}

/** Drops a closing bracket the split left behind, but keeps the one that closes "(RO)". */
function closeParenthesis(item: string): string {
  const open = (item.match(/\(/g) ?? []).length;
  const closed = (item.match(/\)/g) ?? []).length;
  if (open > closed) return item.replace(/\s*\([^)]*$/, '').trim();
  return item;
}

/** A bullet or a line under a labelled part, kept as written but trimmed to a noun phrase's length. */
function asItem(line: string): string {
  return clip(
    line
      .replace(/^[-–•*]\s*/, '')
      .replace(/[.;,]+$/, '')
      .trim(),
    160,
  );
}

/** The uses a title names after "for" ("… for second-life cell sorting"), unless a purpose ("for measuring …"). */
function titleUses(title: string): string[] {
  const m = /\bfor\s+(?!(?:\w+ing|the same|use|example)\b)(.+)$/i.exec(title.replace(/\s*\([^)]*\)/g, ''));
  if (!m) return [];
  const head = title.slice(0, m.index).trim();
  // "Method and system for …": what a bare method or system is for is its purpose, not a use.
  if (
    /^(?:(?:methods?|systems?|apparatus(?:es)?|devices?|process(?:es)?|techniques?|compositions?)(?:,?\s*(?:and\s+)?|\s+))+$/i.test(
      `${head} `,
    )
  )
    return [];
  return splitList(m[1]!.replace(/\s+(?:using|with|by|via|based on)\s.+$/i, ''));
}

/** What a process-named title is for: "Water desalination using …" → "Water desalination", "Seed treatment compositions and methods" → "Seed treatment". */
function titleProcess(title: string): string | null {
  const head = title
    .replace(/\s*\([^)]*\)/g, '')
    .split(/\s(?:using|with|by|via|based on|for|and method|and system)\s/i)[0]!
    .replace(
      /(?:\s+(?:and|or|,))*\s+(?:compositions?|methods?|systems?|apparatus|devices?|processes?|kits?|uses?)(?:\s*(?:,|and|or)\s*(?:compositions?|methods?|systems?|apparatus|devices?|processes?|kits?|uses?))*\s*$/i,
      '',
    )
    .trim();
  const words = head.split(/\s+/);
  return words.length >= 1 && words.length <= 5 && /(?:tion|ment|sis|ing)$/i.test(words.at(-1)!) ? head : null;
}

/** What the product's own description says it is for: "a clamp-on damper for CNC milling spindles". */
function describedUse(summary: string): string[] {
  const m =
    /^[^.;:]{0,120}?(?<!\b(?:listens?|looks?|searches?|waits?|checks?|tests?|screens?|scans?|asks?|calls?|pays?)\s)\bfor\s+(?!\d|(?:\w+ing|the same|use|example|about|up to|over|more than|less than|at least|years?|months?|days?|hours?)\b)((?:[\w-]+\s+){0,4}?[\w-]+)(?=[,.;:()]|\s(?:that|which|made|with|using|so|and then|by|in order|to)\b|$)/i.exec(
      summary,
    );
  return m ? splitList(m[1]!) : [];
}

export function readNamedItems(listing: PastedListing, sentences: readonly string[], summary = ''): NamedItems {
  const out: NamedItems = { applications: [], customers: [], licensees: [] };
  const add = (kind: Kind, item: string) => {
    // "8 machine shops" are machine shops; "estimated price $60" is a figure, not a buyer.
    const x = item.trim().replace(/^(?:\d[\d,]*|my|our|two|three|four|five|several|some)\s+/i, '');
    if (x.length < 3 || /[$€£₹%]|\d\s*(?:days?|weeks?|months?|years?)\b/i.test(x)) return;
    const all = [...out.applications, ...out.customers, ...out.licensees];
    if (all.some((o) => o.toLowerCase() === x.toLowerCase())) return;
    if (out[kind].length < 12) out[kind].push(x);
  };
  for (const line of partLines(listing, 'applications')) {
    // "Applications: A, B and C" on one line is a list; a bullet is one item.
    const items = line.length > 60 || !/,|\band\b/.test(line) ? [asItem(line)] : splitList(line);
    for (const item of items) add('applications', item);
  }
  for (const line of partLines(listing, 'customers')) for (const item of splitList(line)) add('customers', item);
  for (const line of partLines(listing, 'licensing')) {
    for (const { kind, re } of LIST_CUES.filter((c) => c.kind === 'licensees')) {
      const m = re.exec(line);
      if (m) for (const item of splitList(m[1]!)) add(kind, item);
    }
  }
  if (listing.title) for (const use of titleUses(listing.title)) add('applications', use);
  const process = listing.title ? titleProcess(listing.title) : null;
  if (process) add('applications', process);
  for (const use of describedUse(summary)) add('applications', use);
  for (const s of sentences) {
    for (const { kind, re } of LIST_CUES) {
      const m = re.exec(s);
      if (!m) continue;
      for (const item of splitList(m[1]!)) add(kind, clip(item, 120));
      break; // the first cue of a sentence decides what its list is
    }
  }
  return out;
}
