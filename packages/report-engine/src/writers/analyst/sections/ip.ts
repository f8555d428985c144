/** What could be protected, what stands in the way, and how to claim it. */
import { IP_STATUS_LABELS } from '@assay/shared';
import type { SectionBody } from '../../../content/report-content.ts';
import { body, bullets, para, q, table, toFindOut } from '../parts.ts';
import { targetName } from '../../../evidence/feature-chart.ts';
import { listing } from '../../../text/normalise.ts';
import type { SectionInput } from './section-input.ts';

/** Claim types the record supports: a product from its features, a method from its mechanism, uses from its applications. */
function claimTypes({ facts }: SectionInput): string[][] {
  const r = facts.plan.record;
  const rows: string[][] = [];
  if (r.features.length) rows.push(['Product or system', r.features.slice(0, 3).join('; ')]);
  if (r.mechanism) rows.push(['Method or process', q(r.mechanism, 160)]);
  for (const a of r.applications.slice(0, 2)) rows.push(['Use', a]);
  return rows;
}

function statusRows({ facts }: SectionInput): string[][] {
  const ip = facts.plan.record.ip;
  return [
    ['Status', IP_STATUS_LABELS[ip.status]],
    ['Numbers', ip.numbers.length ? ip.numbers.join('; ') : '—'],
    ['Owner or licensor', ip.owner ?? '—'],
    ...(ip.stated_text ? [['As stated', q(ip.stated_text, 300)]] : []),
  ];
}

/** What the status means for disclosure: one line, the rule that applies to this status. */
const DISCLOSURE: Record<string, string> = {
  granted: 'Granted and public: improvements need filings of their own.',
  published: 'Published: it is prior art against later filings.',
  filed: 'Confidential until publication at about 18 months.',
  none: 'Nothing filed: share only under NDA.',
  unknown: 'Unknown: treat as unfiled.',
};

/** The field's own IP knowledge: its classes and what its patent offices exclude or value. */
function fieldIp({ facts }: SectionInput): SectionBody['blocks'] {
  const p = facts.plan.field.neutral ? null : facts.plan.field.profile;
  if (!p) return [toFindOut(['The field, to pick the CPC classes.'])];
  return [
    bullets([`CPC classes to start from: ${p.cpc.join('; ')}.`, ...p.ipNotes]),
    ...(facts.plan.record.features.length
      ? [
          bullets(
            facts.plan.record.features.slice(0, 4).map((f) => q(f, 120)),
            'Search each feature, then combinations',
          ),
        ]
      : []),
  ];
}

/** The closest prior art and what remains new over it (the feature chart's reading), when a search found any. */
const closestOrNone = (input: SectionInput): SectionBody['blocks'] => [
  ...(input.closest ? [para(input.closest)] : []),
  ...(input.chart ? [para(input.chart.novelty)] : []),
];

/** The features no document found discloses in full: where the claims should be centred. */
function strongest(input: SectionInput): string[] {
  const c = input.chart;
  if (!c || c.remaining.length === 0) return [];
  return [
    `Build the independent claim around ${listing(c.remaining.map(targetName))}: no document found discloses ${c.remaining.length === 1 ? 'it' : 'them'} in full.`,
  ];
}

export function ipSnapshot(input: SectionInput): SectionBody {
  const ip = input.facts.plan.record.ip;
  const claims = claimTypes(input);
  return body({
    summary: [
      `IP of ${input.facts.named}: ${IP_STATUS_LABELS[ip.status].toLowerCase()}${ip.numbers.length ? ` (${ip.numbers.join('; ')})` : ''}.`,
      DISCLOSURE[ip.status]!,
    ],
    blocks: [
      table(['Item', 'As stated'], statusRows(input)),
      claims.length
        ? table(['Could be claimed', 'Built from'], claims)
        : toFindOut(['The parts, steps or use a claim would be built from.'], 'What could be claimed'),
      ...closestOrNone(input),
    ],
    confidence: {
      level: ip.status === 'unknown' ? 'low' : 'medium',
      reason: ip.status === 'unknown' ? 'Nothing stated.' : 'Stated; register not checked.',
    },
    next: [
      ip.status === 'unknown' || ip.status === 'none'
        ? 'Decide on a provisional filing.'
        : `Pull the file history of ${ip.numbers[0] ?? 'the filing'}.`,
    ],
  });
}

export function ipSummary(input: SectionInput): SectionBody {
  const ip = input.facts.plan.record.ip;
  const deadlines =
    ip.status === 'filed'
      ? ['Priority + 12 months: file abroad with priority.', 'Priority + 30/31 months: PCT national phases.']
      : ip.status === 'none' || ip.status === 'unknown'
        ? ['Before any disclosure: a first filing.']
        : ['Annuities: next due date per country.'];
  return body({
    summary: [`${input.facts.named}: ${IP_STATUS_LABELS[ip.status].toLowerCase()}; deadlines and search below.`],
    // The status table is the IP snapshot's, a section earlier.
    blocks: [bullets(deadlines, 'Deadlines'), ...fieldIp(input), ...closestOrNone(input)],
    confidence: { level: ip.status === 'unknown' ? 'low' : 'medium', reason: 'Position depends on a search.' },
    next: [
      ...strongest(input),
      input.facts.plan.field.neutral ? 'Confirm the field, then search.' : `Search ${input.facts.plan.field.profile.cpc[0]} first.`,
    ],
  });
}

export function detailedIp(input: SectionInput): SectionBody {
  const { facts } = input;
  const r = facts.plan.record;
  const claims = claimTypes(input);
  const markets = [...r.customers, ...r.applications].slice(0, 3);
  // Ownership: what the record states, and one line for what it does not — not a table of "not stated".
  const owned = r.ip.owner ? [['Owner or licensor', r.ip.owner]] : [];
  const open = [...(r.ip.owner ? [] : ['owner']), 'inventors', 'funder rights'];
  return body({
    summary: [`Claim strategy for ${facts.named}, where to file, who owns it.`],
    blocks: [
      // Comprehensive drafts the claims in its claims analysis; the claim types are not listed a third time.
      ...(input.tier === 'comprehensive' || claims.length === 0 ? [] : [table(['Claim type', 'Built from'], claims, 'Claim strategy')]),
      bullets(
        [
          ...(markets.length ? [`Markets of the first buyers: ${markets.join('; ')}.`] : []),
          'Where competitors manufacture.',
          'PCT first; countries at 30 months.',
        ],
        'Where to file',
      ),
      ...(owned.length ? [table(['Question', 'Record'], owned, 'Ownership')] : []),
      toFindOut([`Ownership: ${open.join(', ')}.`]),
      // Classes and the field's IP notes are in the IP summary.
      ...closestOrNone(input),
    ],
    confidence: { level: 'low', reason: 'An outline for a patent attorney.' },
    next: ['Brief an attorney with the feature list.'],
  });
}

export function claimsAnalysis(input: SectionInput): SectionBody {
  const r = input.facts.plan.record;
  const rows = [
    ...(r.features.length
      ? [
          [
            'Independent, product',
            `Comprising: ${r.features.slice(0, 4).join('; ')}.`,
            r.features.length >= 3 ? 'broad if the combination is new' : 'narrow',
          ],
        ]
      : []),
    ...(r.mechanism ? [['Independent, method', q(r.mechanism, 240), 'hard-to-inspect products']] : []),
    ...r.features.slice(4, 8).map((f) => ['Dependent', `…wherein ${f}.`, 'fallback']),
    ...r.applications.slice(0, 2).map((a) => ['Use', a, 'the application, even if the product is known']),
  ];
  return body({
    summary: [
      rows.length
        ? `Claim themes for ${input.facts.named}, strongest first (for an attorney).`
        : `No features of ${input.facts.named} to claim yet.`,
    ],
    blocks: [rows.length ? table(['Claim', 'Theme', 'Protects'], rows) : toFindOut(['Features to claim.']), ...closestOrNone(input)],
    confidence: {
      level: 'low',
      reason: input.chart ? 'Charted on titles and abstracts, not full texts.' : 'Strength depends on the prior art.',
    },
    next: [
      ...strongest(input),
      input.chart ? 'Have an attorney chart the full texts of the closest documents.' : 'Chart each theme against the closest documents.',
    ].slice(0, 2),
  });
}

export function freedomToOperate(input: SectionInput): SectionBody {
  const { facts } = input;
  const patents = input.evidence.filter((e) => e.kind === 'patent');
  const p = facts.plan.field.neutral ? null : facts.plan.field.profile;
  return body({
    summary: [
      patents.length
        ? `${patents.length} patent${patents.length === 1 ? '' : 's'} found bear on ${facts.named}; their claims, not their abstracts, decide whether they block it.`
        : `Others' rights over ${facts.named}: not yet searched.`,
    ],
    blocks: [
      bullets(
        [
          'Search grants and applications per launch market.',
          'Read claims, not abstracts.',
          'Check legal status per country.',
          'Design around, license or challenge.',
        ],
        'How to clear the way',
      ),
      ...closestOrNone(input),
    ],
    confidence: { level: 'low', reason: 'A legal opinion is needed.' },
    next: [p ? `FTO search in ${p.cpc[0]} for the first market.` : 'FTO search for the first market.'],
  });
}
