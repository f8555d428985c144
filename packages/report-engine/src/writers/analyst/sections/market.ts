/** Who buys, how many, at what price, against what — from the inventor's figures where they exist. */
import type { Block, SectionBody } from '../../../content/report-content.ts';
import { assumptions, body, bullets, kusd, para, q, table, toFindOut } from '../parts.ts';
import { documentLabel, targetName, type FeatureChart } from '../../../evidence/feature-chart.ts';
import { clip, listing } from '../../../text/normalise.ts';
import type { SectionInput } from './section-input.ts';
import { formatCount } from '@assay/shared';

function marketTable({ facts }: SectionInput): string[][] {
  const m = facts.plan.market;
  const rows: string[][] = [];
  rows.push([
    'Buyers or uses a year',
    m.count ? `${formatCount(m.count.value)} ${m.count.what}` : '—',
    m.count ? q(m.count.quote, 160) : 'to find',
  ]);
  rows.push([
    'Price',
    m.price ? `${m.price.as_stated}${m.price.converted ? ` (≈ USD ${formatCount(m.price.usd)})` : ''}` : '—',
    m.price ? q(m.price.quote, 160) : 'to find',
  ]);
  rows.push([
    'Yearly market',
    m.annualValueKusd !== null ? kusd(m.annualValueKusd) : '—',
    m.annualValueKusd !== null ? 'count × price' : 'needs both',
  ]);
  if (m.todaysCost) rows.push(['Buyers pay today', m.todaysCost.as_stated, q(m.todaysCost.quote, 160)]);
  for (const a of m.otherAmounts.slice(0, 2)) rows.push(['Other figure', a.as_stated, q(a.quote, 160)]);
  return rows;
}

/**
 * The sizing inputs as a table when the record gives any of them; when it gives none, one line
 * saying what to find — a table of dashes and "to find" read the same in every such report.
 */
function marketBlock(input: SectionInput, title: string | null = null, first = 'Input'): Block {
  const m = input.facts.plan.market;
  if (!m.count && !m.price && !m.todaysCost && m.otherAmounts.length === 0)
    return toFindOut(['A yearly count of buyers, and a price.'], 'Market size: not given');
  return table([first, 'Value', 'Source'], marketTable(input), title);
}

function rateNote({ facts }: SectionInput): string[] {
  const m = facts.plan.market;
  return m.price?.converted || m.todaysCost?.converted || m.otherAmounts.some((a) => a.converted)
    ? ['Converted at indicative rates: 1 EUR ≈ 1.08 USD, 1 GBP ≈ 1.27 USD, 84 INR ≈ 1 USD.']
    : [];
}

const profile = (input: SectionInput) => (input.facts.plan.field.neutral ? null : input.facts.plan.field.profile);

export function marketSignals(input: SectionInput): SectionBody {
  const { facts } = input;
  const r = facts.plan.record;
  const p = profile(input);
  const drivers = facts.regimes.filter((x) => x.trigger).map((x) => `${x.name}: ${x.implication}`);
  return body({
    summary: [
      r.figures.length
        ? `${r.figures.length} figure${r.figures.length === 1 ? '' : 's'} in the record of ${facts.named}; no buyer has confirmed demand.`
        : `Demand for ${facts.named}: no figure given.`,
    ],
    blocks: [
      marketBlock(input, null, 'Signal'),
      ...(drivers.length ? [bullets(drivers, 'Rules that create demand')] : []),
      ...(p ? [bullets(p.marketSources, 'Where to verify')] : []),
      ...(rateNote(input).length ? [assumptions(rateNote(input))] : []),
    ],
    confidence: { level: r.figures.length ? 'medium' : 'low', reason: "The inventor's figures, unconfirmed." },
    next: [p ? `Ask ${p.buyers[0]} for volume and price, in writing.` : 'Get a yearly volume and a price from one buyer.'],
  });
}

/** The closest documents found, as rows of the matrix: what each already does, and what of the record it does not show. */
function documentRows(chart: FeatureChart | null): string[][] {
  if (!chart) return [];
  const name = (id: string) => targetName(chart.targets.find((t) => t.id === id)!);
  return chart.documents.slice(0, 2).map((d) => {
    const yes = d.cells.filter((c) => c.level === 'yes').map((c) => name(c.target));
    const no = d.cells.filter((c) => c.level !== 'yes').map((c) => name(c.target));
    return [
      clip(`${d.item.kind === 'patent' ? 'Patented' : 'Published'} approach: ${d.item.title} — ${documentLabel(d.item)}`, 400),
      clip(yes.length ? `Already discloses ${listing(yes)}.` : 'Touches the features only in part.', 400),
      clip(no.length ? `Does not show ${listing(no)}.` : 'Shows every feature charted.', 400),
    ];
  });
}

export function competitors({ facts, chart }: SectionInput): SectionBody {
  const r = facts.plan.record;
  const docs = documentRows(chart);
  const rows = [...docs, ...facts.alternatives.slice(0, 5 - docs.length).map((a) => [a.approach, a.strengths, a.weaknesses])];
  return body({
    summary: [
      docs.length
        ? `Alternatives to ${facts.named}: the closest documents found, then approaches by type.`
        : `Alternatives to ${facts.named}, by type.`,
    ],
    blocks: [
      table(['Alternative', 'Strengths', 'Limits'], rows, 'Alternatives'),
      ...(r.advantages.length
        ? [bullets(r.advantages.slice(0, 3), 'Where it must win (as claimed)')]
        : [toFindOut(['The advantage to compare on.'])]),
    ],
    confidence: {
      level: 'low',
      reason: docs.length ? 'Documents found, read from their abstracts; no market search run.' : 'By type; no market search run.',
    },
    next: [
      chart?.documents[0]
        ? `Find who practises ${documentLabel(chart.documents[0].item).split(' (')[0]} today: its holder, licensees or products.`
        : facts.alternatives[0]
          ? `Benchmark against ${facts.alternatives[0].approach.toLowerCase()}.`
          : 'Name the two suppliers buyers use.',
    ],
  });
}

export function marketCompetition(input: SectionInput): SectionBody {
  const { facts } = input;
  const r = facts.plan.record;
  const p = profile(input);
  const segments = r.applications;
  return body({
    summary: [
      facts.plan.market.method === 'bottom-up'
        ? `${facts.named}, bottom-up: ${facts.marketLine}.`
        : `${facts.named}: market not sized (count and price missing).`,
    ],
    blocks: [
      marketBlock(input, 'Sizing'),
      ...(segments.length ? [bullets(segments.slice(0, 6), 'Segments named')] : []),
      ...(p ? [para(`Capital intensity: ${p.capitalIntensity}. ${p.salesCycle.charAt(0).toUpperCase()}${p.salesCycle.slice(1)}.`)] : []),
    ],
    confidence: {
      level: facts.plan.market.method === 'bottom-up' ? 'medium' : 'low',
      reason: facts.plan.market.method === 'bottom-up' ? 'Stated count × stated price.' : 'No count or price.',
    },
    next: [p ? `Check the count against ${p.marketSources[0]}.` : 'Confirm the count with one independent source.'],
  });
}

export function marketAnalysis(input: SectionInput): SectionBody {
  const { facts } = input;
  const m = facts.plan.market;
  const money = facts.plan.money;
  const shareRows =
    money.revenueBasis === 'market-share' && m.annualValueKusd
      ? money.years.map((y) => [
          String(facts.plan.baseYear + y.year - 1),
          kusd(y.revenue),
          `${((y.revenue / m.annualValueKusd!) * 100).toFixed(1)} %`,
        ])
      : [];
  return body({
    summary: [
      m.method === 'bottom-up'
        ? `${facts.named}: ${facts.marketLine}; the plan takes a small share.`
        : `${facts.named}: not sized; no figure is guessed.`,
    ],
    blocks: [
      marketBlock(input, 'Bottom-up'),
      ...(shareRows.length ? [table(['Year', 'Revenue', 'Share of the market'], shareRows, 'Share in the plan')] : []),
      assumptions([
        money.revenueBasis === 'market-share'
          ? 'Share: 0.5 % in the first revenue year, doubling, capped at 8 %.'
          : `Per account ${kusd(money.revenuePerAccountKusd)} a year; ${money.firstYearAccounts} accounts, ×${money.growth} yearly (placeholders).`,
        ...rateNote(input),
      ]),
      // Where segment sizes are published is listed once, under market signals ("Where to verify").
    ],
    confidence: { level: m.method === 'bottom-up' ? 'medium' : 'low', reason: 'Stated figures and stated assumptions.' },
    next: ['Replace the share with letters of intent.'],
  });
}

export function businessCase(input: SectionInput): SectionBody {
  const { facts } = input;
  const r = facts.plan.record;
  const m = facts.plan.market;
  const p = profile(input);
  return body({
    summary: [
      r.advantages.length
        ? `Why ${p ? p.buyers[0] : 'a buyer'} would pay for ${facts.named}: ${q(r.advantages[0]!, 160)}, once proven.`
        : `Why a buyer would pay for ${facts.named}: not yet argued.`,
    ],
    blocks: [
      ...(r.problem ? [para(`What it replaces: ${q(r.problem, 400)}`)] : []),
      table(
        ['Item', 'Value'],
        [
          ['Price', m.price ? m.price.as_stated : '—'],
          ['Yearly market', m.annualValueKusd !== null ? kusd(m.annualValueKusd) : '—'],
          ['First revenue', String(facts.plan.launchCalendarYear)],
          ...(p ? [['Business models', p.businessModels.slice(0, 2).join('; ')]] : []),
        ],
      ),
      ...(m.todaysCost
        ? [para(`What buyers pay today, the price ceiling: ${m.todaysCost.as_stated} (${q(m.todaysCost.quote, 200)}).`)]
        : []),
      toFindOut([...(m.todaysCost ? [] : ["The buyer's cost today (the price ceiling)."]), 'The trigger to act now.']),
    ],
    confidence: { level: r.advantages.length && m.price ? 'medium' : 'low', reason: "The inventor's claims and figures." },
    next: [p ? `A one-page value case for ${p.buyers[0]}.` : 'A one-page value case for the first buyer.'],
  });
}

export function businessModels(input: SectionInput): SectionBody {
  const { facts } = input;
  const p = profile(input);
  const models = p ? p.businessModels : ['licence to an established supplier', 'direct sales', 'service or subscription'];
  const licenceFirst = facts.plan.trl.level <= 4 || facts.plan.money.revenueBasis === 'licence';
  const rows = models
    .slice(0, 5)
    .map((m) => [
      m,
      /licen/i.test(m)
        ? licenceFirst
          ? 'fits now'
          : 'low capital'
        : licenceFirst
          ? `after TRL ${facts.plan.money.targetTrl}`
          : 'more margin',
    ]);
  return body({
    summary: [
      licenceFirst
        ? `At TRL ${facts.plan.trl.level}: license or partner ${facts.named} first.`
        : `At TRL ${facts.plan.trl.level}: selling ${facts.named} is within reach.`,
    ],
    blocks: [
      table(['Model', 'Fit'], rows),
      ...(p
        ? [
            para(
              `Royalties usually cited in ${facts.fieldName.toLowerCase()}: ${p.royaltyPct[0]}–${p.royaltyPct[1]} % of net sales (to verify).`,
            ),
          ]
        : []),
    ],
    confidence: { level: 'low', reason: 'Untested with buyers.' },
    next: ['Ask the first licensee which model it accepts.'],
  });
}

export function goToMarket(input: SectionInput): SectionBody {
  const { facts } = input;
  const r = facts.plan.record;
  const p = profile(input);
  const first = r.customers[0] ?? r.licensees[0] ?? r.applications[0] ?? null;
  const launch = facts.plan.money.launchYear;
  const milestones = [
    [
      String(facts.plan.baseYear + Math.max(0, launch - 2)),
      first ? `Pilot with ${q(first, 80)}` : p ? `Letters of intent from ${p.buyers[0]}` : 'Letters of intent',
    ],
    [String(facts.plan.launchCalendarYear), 'First paid order or licence'],
    [String(facts.plan.launchCalendarYear + 1), 'Repeat orders; second segment'],
  ];
  return body({
    summary: [first ? `First buyer to approach: ${q(first, 120)}.` : `First buyer of ${facts.named}: not named.`],
    blocks: [
      table(['Year', 'Milestone'], milestones, 'Milestones'),
      ...(p
        ? [
            table(
              ['Channel', 'Partner'],
              [
                ['Licence', p.licensees[0] ?? '—'],
                ['Partnership', p.partners[0] ?? '—'],
                ['Direct', p.buyers[0] ?? '—'],
              ],
            ),
          ]
        : []),
    ],
    confidence: { level: first ? 'medium' : 'low', reason: first ? 'Named in the record.' : 'No buyer named.' },
    next: [first ? `Propose a scoped pilot to ${q(first, 80)}.` : p ? `Shortlist ten ${p.buyers[0]}.` : 'Shortlist ten buyers.'],
  });
}

export function fit(input: SectionInput): SectionBody {
  const { facts } = input;
  const rows = facts.licenseeTypes.map((l) => [l.name, l.stated ? 'named' : 'usual in the field']);
  const investors =
    facts.plan.trl.level <= 3
      ? 'grants, proof-of-concept funds'
      : facts.plan.trl.level <= 6
        ? 'seed investors, pilot partners'
        : 'growth and strategic investors';
  const p = profile(input);
  return body({
    summary: [
      facts.plan.record.licensees.length
        ? `Named first: ${q(facts.plan.record.licensees[0]!, 80)}.`
        : `Licensees of ${facts.named}: none named.`,
    ],
    blocks: [
      table(['Licensee or partner', 'Source'], rows.length ? rows : [['To identify', 'field uncertain']]),
      para(`Investors now: ${investors}.`),
      // In Comprehensive the funders are the funding strategy's; listed there, not twice.
      ...(p && input.tier !== 'comprehensive' ? [bullets(p.funding.slice(0, 3), 'Funders in the field')] : []),
    ],
    confidence: { level: facts.plan.record.licensees.length ? 'medium' : 'low', reason: 'Types, not companies; untested.' },
    next: [facts.licenseeTypes[0] ? `Send a non-confidential summary to ${facts.licenseeTypes[0].name}.` : 'Confirm the field first.'],
  });
}
