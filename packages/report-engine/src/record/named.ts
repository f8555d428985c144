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

/** Nouns that name who buys or uses a thing (people, trades and organisations), never a part or a material. */
const BUYERS =
  'households|homeowners|families|farmers|farms|growers|ranchers|fishermen|hospitals|clinics|clinicians|doctors|surgeons|nurses|midwives|paramedics|pharmacists|therapists|dentists|vets|veterinarians|pharmacies|caregivers|carers|utilities|recyclers|manufacturers|schools|teachers|factories|laboratories|labs|fleets|retailers|restaurants|hotels|cafes|breweries|bakeries|wineries|municipalities|councils|cities|villages|communities|workshops|shops|cyclists|riders|drivers|builders|self-builders|contractors|installers|plumbers|electricians|mechanics|technicians|inspectors|beekeepers|gardeners|landlords|tenants|airlines|miners|mines|companies|firms|businesses|startups|agencies|operators|owners';
/** A buyer as written, with up to two words before it: "event companies", "small dairy farms". */
const BUYER = String.raw`(?:[\w-]+\s+){0,2}?(?:${BUYERS})`;
/** A buyer's role the inventor names in passing ("so nurses can …"); a generic user or operator says nothing. */
const NAMED_ROLE = String.raw`(?:[\w-]+\s+){0,2}?(?:${BUYERS.replace('|operators|owners', '')})`;

interface Cue {
  kind: Kind;
  re: RegExp;
  /** The match is one item (a company's name may hold "and"), not a list. */
  whole?: boolean;
  /** How an item reads in the record ("fishmeal" → "replacement for fishmeal"). */
  as?: (item: string) => string;
}

const LIST_CUES: readonly Cue[] = [
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
  // "took a license to NASA's patents": an owner's patents are what was licensed, not who took the licence.
  {
    kind: 'licensees',
    re: /\b(?:license|licence|licensing) (?:it |this |the (?:technology|invention|ip|patent) )?to\s+(?![A-Z][\w.-]*['’]s\b)(.+)/i,
  },
  // "The patent was licensed exclusively to Acme Robotics in 2021."
  { kind: 'licensees', re: /\blicen[cs]ed\s+(?:(?:exclusively|non-?exclusively|it|them|this|the\s+[\w-]+)\s+)?to\s+(.+)/i },
  // A notice's grant: "… intent to grant an exclusive license in the United States to practice … to Acme Robotics, having its principal place of business in …".
  {
    kind: 'licensees',
    whole: true,
    re: /\blicen[cs]e\b.*?\bto\s+([A-Z][\w&.'’-]*(?:\s+(?:[A-Z][\w&.'’-]*|of|and|&))*?)(?=,?\s+(?:having|located|based|headquartered|incorporated|with (?:its|a) principal)\b|,\s+(?:a|an)\s+[\w-]+\s+(?:company|corporation|firm|business|startup|start-up)\b)/,
  },
  // "licensed the exclusive rights to the probe to Verdant Instruments": what was licensed may stand between
  // the verb and the licensee, so the licensee is the first capitalised name after a "to" (never a possessive).
  {
    kind: 'licensees',
    whole: true,
    re: /\blicen[cs]ed\s+(?:the|its|their|all|exclusive|non-?exclusive)\b[^.;]{0,80}?\bto\s+(?![A-Z][\w.-]*['’]s\b)([A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,4})/,
  },
  // "Prairie Heat Systems, the company formed to commercialize the dryer": the company set up to bring it to market.
  {
    kind: 'licensees',
    whole: true,
    re: /([A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,4}),\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,2}?(?:company|firm|start-?up|spin-?off|spin-?out|venture)\s+(?:that\s+was\s+|which\s+was\s+)?(?:established|created|formed|founded|set up|launched|spun out)\s+(?:specifically\s+|solely\s+)?to\s+(?:commerciali[sz]e|market|sell|develop|license|licence|manufacture|produce)\b/,
  },
  // "entered into a license agreement with Clearview Glass Corporation": the other party, unless it is a university,
  // a laboratory or an agency — then it is the licensor and the licensee is the one who signed.
  {
    kind: 'licensees',
    whole: true,
    re: /\b(?:entered into|signed|executed|concluded|struck|reached)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}?(?:licen[cs]e|licensing)\s+(?:agreement|deal|contract)\s+with\s+(?!(?:the\s+)?(?:[A-Z][\w.&'’-]*\s+){0,5}?(?:University|Universities|College|Institute|Laboratory|Laboratories|Lab|Agency|Department|NASA|Army|Navy|Air Force|Hospital|Foundation|Centre|Center)\b)([A-Z][\w&.'’-]*(?:\s+(?:[A-Z][\w&.'’-]*|&))*)/,
  },
  // "On Monday, Priya Raman licensed from the University of Leeds a …": who took the licence, as the subject.
  {
    kind: 'licensees',
    whole: true,
    re: /(?:^|,\s+)(?!(?:It|This|That|They|We|He|She|The|A|An|Our|Their|His|Her)\b)([A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,4})\s+(?:has\s+|have\s+|recently\s+|then\s+)*(?:licensed|in-licensed|(?:obtained|took|signed|acquired)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?licen[cs]e)\s+(?:[\w-]+\s+){0,3}?from\b/,
  },
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
  // "Dairy farms and creameries in our region rent chillers today", "Trout farms pay 1.80 €/kg": who pays for the job now.
  {
    kind: 'customers',
    re: new RegExp(
      String.raw`^(?:today,?\s+|currently,?\s+|most\s+|many\s+)?(${BUYER}(?:(?:,\s*|,?\s+and\s+|,?\s+or\s+)${BUYER})*)(?:\s+in\s+(?:our|my|the|this|their)\s+(?:region|area|town|city|country|state|county|valley|district))?\s+(?:currently\s+|today\s+|now\s+|typically\s+|usually\s+|often\s+|already\s+|would\s+|will\s+|could\s+|can\s+)?(?:rent|buy|use|pay|spend|hire|lease|need|rely on|depend on)\b`,
      'i',
    ),
  },
  // "… so midwives can read it at a glance", "lets plumbers find the leak": the trade that uses it, named in passing.
  {
    kind: 'customers',
    re: new RegExp(
      String.raw`\bso(?:\s+that)?\s+(?:the\s+)?(${NAMED_ROLE})\s+(?:can|could|will|may|no longer|do not|don't)\b|\b(?:lets|letting|allows|allowing|enables|enabling|helps|helping)\s+(?:the\s+)?(${NAMED_ROLE})\b`,
      'i',
    ),
  },
  // "About 400,000 people in Spain live with psoriasis": the condition is what it treats.
  {
    kind: 'applications',
    re: /\b(?:people|patients|adults|children|kids|women|men|individuals|persons|babies|infants|seniors)\b(?:\s+(?:in|across|worldwide|globally|around|over|aged|with)\b[^,;]{0,40}?)?\s+(?:have|suffer from|live with|are living with|are affected by|are diagnosed with|develop|get)\s+(?!(?:no|not|never|a|an|the|to|been|had|access|trouble|difficulty|problems?|some|any|more|less|little|few|only|already|also|their|this|that|these|those|it|them|one|two)\b)(.+)/i,
    // "… have diabetes in the US": the place is where the count was taken, not part of the condition.
    as: (item) => item.replace(/\s+(?:in|across)\s+(?:the\s+)?[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*$/, ''),
  },
  // "… a pump head that powers drip lines or charges phones": what it runs, said of the product.
  {
    kind: 'applications',
    re: /(?:^|,\s*|\b(?:it|which|that|this|and)\s+)(?:also\s+)?(?:runs|powers|drives|charges|can (?:run|power|drive|charge)|will (?:run|power|drive|charge))\s+(?![\d$€£₹~]|(?:on|at|for|in|off|up|out|through|from|with|by|into|itself|about|around|only|just|less|more|extra|users|customers|per)\b|(?:an?\s+)?(?:[\w-]+\s+)?(?:fees?|price|prices|subscription|commission|premium|rate|royalty)\b)(.+)/i,
    as: (item) => item.replace(/^(?:also\s+)?(?:runs|powers|drives|charges)\s+/i, ''),
  },
  // "Replaces 30% of the cement in a mix", "a drop-in replacement for diesel heaters": the market it takes a share of.
  {
    kind: 'applications',
    whole: true,
    re: /(?:^|\b(?:it|which|that|this)\s+)(?:also\s+)?(?:replaces|(?:can|could|will|would)\s+replace)\s+(?:up to\s+)?(?:about\s+|around\s+|~)?(?:\d+(?:\.\d+)?\s*%\s+of\s+)?(?:the\s+|an?\s+|all\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)(?=\s+(?:in|of|for|with|at|on|by|used|that|which)\b|[,.;:]|$)|\b(?:replacements?|substitutes?)\s+for\s+(?:the\s+|an?\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)(?=\s+(?:in|of|for|with|at|on|by|used|that|which|and|or)\b|[,.;:]|$)/i,
    as: (item) =>
      /\b(?:process|processes|steps?|methods?|procedures?|need|way|approach|technique|tasks?|work)$/i.test(item)
        ? ''
        : `replacement for ${item}`,
  },
  {
    kind: 'applications',
    re: /\b(?:suitable|suited|intended|designed|aimed|ideal|useful)\s+(?:for|at|in)\s+(?:use\s+(?:in|by|for)\s+)?(?:the\s+(?:preparation|manufacture|production|making|formulation|fabrication)\s+of\s+)?(.+)/i,
  },
  // "… shapes such as those common in boat hulls": where the shapes, loads or conditions it handles occur.
  {
    kind: 'applications',
    re: /\bsuch as (?:those|ones)\s+(?:that are\s+|which are\s+)?(?:(?:common(?:ly)?|typical(?:ly)?|often|widely|frequently)\s+)?(?:(?:found|used|seen|encountered)\s+)?in\s+(.+)/i,
  },
  // "… to propel a drone or other small aircraft": the example the purpose names.
  {
    kind: 'applications',
    whole: true,
    re: /\bto\s+(?:move|propel|power|drive|protect|coat|cool|heat|charge|light|steer|launch|carry|transport|inspect|repair|shield|insulate|seal|clean)\s+(?:an?\s+|the\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)\s+or\s+other\s+[\w-]+/i,
  },
  // "… have demonstrated a sodium-ion pouch cell using it": the system it was shown working in.
  {
    kind: 'applications',
    whole: true,
    re: /\b(?:have|has|had|been|was|were)\s+demonstrated\s+(?:it\s+|them\s+)?(?:in\s+|on\s+|with\s+)?(?:an?|the)\s+((?!(?:working|functional|complete|full|new|novel|first|simple|prototype|lab|laboratory|small|large|test|demo|pilot|proof)\b)(?:[\w-]+\s+){0,3}?(?:system|device|cell|battery|module|engine|reactor|vehicle|platform|assembly))\b/i,
  },
  { kind: 'applications', re: /\b(?:can|could|may|might)\s+(?:also\s+)?be\s+(?:used|applied|deployed)\s+(?:in|for|by|to)\s+(.+)/i },
  { kind: 'applications', re: /\bfor use (?:in|by|with)\s+(.+)/i },
  // "… for rural households in India", "… for hospital operating theatres": who it is for, as written.
  {
    kind: 'customers',
    re: /\bfor\s+((?:[\w-]+\s+){0,4}?(?:households|homes|families|farmers|growers|hospitals|clinics|clinicians|surgeons|patients|utilities|operators|recyclers|manufacturers|schools|factories|plants|laboratories|labs|fleets|retailers|municipalities|cities|villages|communities|workshops|theatres|theaters|wards|farms|shops|nurses|cyclists|drivers|builders)(?:\s+in\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)?)\b/,
  },
];

/** Words that point back rather than name anything: "this replaces that". */
const PRONOUN = /^(?:it|this|that|these|those|them|they|one|ones|the need|need)$/i;

/** Cuts a list's tail off where the sentence moves on, then splits it into items. */
function splitList(tail: string): string[] {
  // "in India and Mexico" is one place list inside an item, not two items.
  tail = tail.replace(
    /\b(?:in|across|from|throughout)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*(?:(?:,\s*|\s+(?:and|or)\s+)[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)+/g,
    (places) => places.replace(/,\s*/g, '\uE000').replace(/\s+(and|or)\s+/g, '\uE001$1\uE001'),
  );
  const cut =
    tail.split(
      /[.;:!?]\s|[.;!?]$|\s(?:because|where|which|that|so that|while|who|in order to|to (?:reduce|improve|replace|enable|help|detect|measure))\s|\s(?:in|on|since)\s+(?:\d{4}|(?:January|February|March|April|May|June|July|August|September|October|November|December)\b)|\s(?:each|every|per|a)\s+(?:year|month|week|day)\b/i,
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

/** Words that name what a thing is, not a kind of it: "compositions and methods" are no two uses. */
const GENERIC_HEAD =
  /^(?:methods?|systems?|devices?|apparatus(?:es)?|compositions?|processes|process|kits?|uses?|means|products?|making|using|thereof|same)$/i;

/** Two kinds a title names with one head noun: "… microwave and power switching transistors" → both transistors. */
function titleKinds(title: string): string[] {
  const t = title.replace(/\s*\([^)]*\)/g, '').trim();
  // Only a title that is one noun phrase: in "… surface with improved mechanical and optical properties" the kinds are of a part.
  if (/\s(?:of|for|with|in|on|using|by|from|to|having|as|via)\s/i.test(t)) return [];
  const m = /(?:^|[^,]\s)([a-z][\w-]*)\s+and\s+((?:[a-z][\w-]*\s+){0,2})([a-z][\w-]*s)$/i.exec(t);
  if (!m) return [];
  const [, first, between, head] = m as unknown as [string, string, string, string];
  if ([first, head, ...between.trim().split(/\s+/).filter(Boolean)].some((w) => GENERIC_HEAD.test(w))) return [];
  return [`${first} ${head}`, `${between}${head}`].map((x) => x.toLowerCase());
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
    /^[^.;:]{0,120}?(?<!\b(?:listens?|looks?|searches?|waits?|checks?|tests?|screens?|scans?|asks?|calls?|pays?)\s)\bfor\s+(?!\d|(?:\w+ing|the same|use|example|about|up to|over|more than|less than|at least|years?|months?|days?|hours?|(?:a|an|one|two|three|several|many)\s+(?:\w+\s+)?(?:seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?|seasons?|while))\b)((?:[\w-]+\s+){0,4}?[\w-]+)(?=[,.;:()]|\s(?:that|which|made|with|using|so|and then|by|in order|to)\b|$)/i.exec(
      summary,
    );
  return m ? splitList(m[1]!) : [];
}

export function readNamedItems(listing: PastedListing, sentences: readonly string[], summary = ''): NamedItems {
  const out: NamedItems = { applications: [], customers: [], licensees: [] };
  // Uses read from "a … for X" only: X is a customer instead when a sentence says X pays, rents or buys.
  const described = new Set<string>();
  const add = (kind: Kind, item: string) => {
    // "8 machine shops" are machine shops; "estimated price $60" is a figure, not a buyer.
    const x = item.trim().replace(/^(?:\d[\d,]*|my|our|two|three|four|five|several|some)\s+/i, '');
    if (x.length < 3 || /[$€£₹%]|\d\s*(?:days?|weeks?|months?|years?)\b|\b(?:USD|EUR|GBP|INR|CHF|dollars?|euros?|rupees?)\b/i.test(x))
      return;
    const key = x.toLowerCase();
    if (kind === 'customers' && described.has(key)) {
      out.applications = out.applications.filter((a) => a.toLowerCase() !== key);
      described.delete(key);
    }
    const all = [...out.applications, ...out.customers, ...out.licensees];
    if (all.some((o) => o.toLowerCase() === key)) return;
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
  if (listing.title) for (const use of [...titleUses(listing.title), ...titleKinds(listing.title)]) add('applications', use);
  const process = listing.title ? titleProcess(listing.title) : null;
  if (process) add('applications', process);
  for (const use of describedUse(summary)) {
    if (!out.applications.some((a) => a.toLowerCase() === use.toLowerCase())) described.add(use.toLowerCase());
    add('applications', use);
  }
  for (const s of sentences) {
    for (const { kind, re, whole, as } of LIST_CUES) {
      const m = re.exec(s);
      if (!m) continue;
      const found = m.slice(1).find((g) => g !== undefined) ?? '';
      const items = whole ? [found.trim().replace(/[.,;:]+$/, '')] : splitList(found);
      for (const item of items) if (!PRONOUN.test(item)) add(kind, clip(as ? as(item) : item, 120));
      break; // the first cue of a sentence decides what its list is
    }
  }
  // What it replaces is the market it takes a share of, named after the uses themselves (the first is the beachhead).
  out.applications = [
    ...out.applications.filter((a) => !a.startsWith('replacement for ')),
    ...out.applications.filter((a) => a.startsWith('replacement for ')),
  ];
  return out;
}
