/** Money: what it costs to get there, what it could return, and who funds each stage — one model throughout. */
import type { Roi, SectionBody } from '../../../content/report-content.ts';
import type { Facts } from '../facts.ts';
import { assumptions, body, bullets, kusd, kusdRange, months, para, q, table, toFindOut } from '../parts.ts';
import type { SectionInput } from './section-input.ts';

/** The assumptions every money section prints beside its figures (the same set in each). */
export function moneyAssumptions(facts: Facts): string[] {
  const { money, baseYear, market } = facts.plan;
  return [
    `Year 1 = ${baseYear}; first revenue ${baseYear + money.launchYear - 1}.`,
    money.devCostKusd && money.devMonths
      ? `To TRL ${money.targetTrl}: ${kusdRange(money.devCostKusd)}, ${months(money.devMonths)}.`
      : `Scale-up: ${kusd(money.scaleUpKusdPerYear)} a year.`,
    money.revenueBasis === 'market-share' && market.annualValueKusd !== null
      ? `Revenue: share of ${kusd(market.annualValueKusd)} a year, 0.5 % doubling, cap 8 %.`
      : money.revenueBasis === 'licence'
        ? 'Revenue: licences (terms unknown).'
        : `Revenue: ${money.firstYearAccounts} accounts × ${kusd(money.revenuePerAccountKusd)}, ×${money.growth} a year.`,
    `Margin ${money.grossMarginPct} %; sales ${money.commercialSpendPct} %; fixed ${kusd(money.fixedOpexKusd)} a year.`,
  ];
}

function roiOf(facts: Facts): Roi {
  return {
    currency: 'USD',
    unit: 'thousands',
    scenario: 'Base scenario',
    years: facts.plan.money.years.map((y) => ({ year: y.year, investment: Math.max(0, y.investment), revenue: Math.max(0, y.revenue) })),
  };
}

function noRevenueNote(facts: Facts): string | null {
  const { money } = facts.plan;
  if (money.years.some((y) => y.revenue > 0)) return null;
  return `No revenue before ${facts.plan.baseYear + money.launchYear - 1}. It would come sooner with a partner funding TRL ${money.targetTrl}, or a first application with a shorter route.`;
}

function yearRows(facts: Facts): string[][] {
  return facts.plan.money.years.map((y) => [
    String(facts.plan.baseYear + y.year - 1),
    kusd(y.investment),
    kusd(y.revenue),
    kusd(y.net),
    kusd(y.cumulative),
  ]);
}

export function financialEstimates({ facts }: SectionInput): SectionBody {
  const { money } = facts.plan;
  const unit = facts.plan.market.price;
  return body({
    summary: [
      `${facts.named}: ${facts.fundingLine}.`,
      money.breakEvenAccounts !== null ? `Break-even: about ${money.breakEvenAccounts} accounts.` : (money.breakEvenNote ?? ''),
    ],
    blocks: [
      table(['Year', 'Investment', 'Revenue', 'Net', 'Cumulative'], yearRows(facts), 'Base scenario'),
      ...(noRevenueNote(facts) ? [para(noRevenueNote(facts)!)] : []),
      table(
        ['Unit economics', 'Value'],
        [
          ['Price', unit ? unit.as_stated : `${kusd(money.revenuePerAccountKusd)} per account (placeholder)`],
          ['Gross margin', `${money.grossMarginPct} % (field range)`],
          ['Costs stated', facts.plan.market.costs.map((a) => a.as_stated).join('; ') || '—'],
          ...(facts.plan.market.funding.length ? [['Funding stated', facts.plan.market.funding.map((a) => a.as_stated).join('; ')]] : []),
        ],
      ),
      assumptions(moneyAssumptions(facts)),
    ],
    confidence: { level: 'low', reason: 'A planning model, not a forecast.' },
    next: [unit ? "Get a manufacturer's unit-cost quote." : "Get a buyer's price and a unit-cost quote."],
  });
}

export function roi5Year({ facts }: SectionInput): SectionBody {
  const { money } = facts.plan;
  const rows = money.scenarios.map((s) => [
    s.name,
    String(facts.plan.baseYear + s.launchYear - 1),
    kusd(s.years.reduce((a, y) => a + y.revenue, 0)),
    kusd(s.cumulative5),
  ]);
  return body({
    summary: [
      `Five-year cumulative for ${facts.named}: ${money.scenarios.map((s) => `${s.name.toLowerCase()} ${kusd(s.cumulative5)}`).join(', ')}.`,
    ],
    blocks: [
      table(['Scenario', 'First revenue', 'Revenue, 5 years', 'Cumulative net'], rows, 'Scenarios'),
      ...(noRevenueNote(facts) ? [para(noRevenueNote(facts)!)] : []),
      assumptions([
        ...moneyAssumptions(facts),
        'Conservative: a year later, 70 % revenue, 120 % spend. Upside: same launch, 115 % revenue, 90 % spend.',
      ]),
    ],
    confidence: { level: 'low', reason: 'Every input is an assumption or a stated figure.' },
    next: ["Rerun with the first buyer's price and volume."],
    roi: roiOf(facts),
  });
}

export function fundingStrategy({ facts }: SectionInput): SectionBody {
  const { money, trl, baseYear } = facts.plan;
  const p = facts.plan.field.neutral ? null : facts.plan.field.profile;
  const r = facts.plan.record;
  // Each tranche is unlocked by a milestone of this record where it names one: its first test, its named buyer or licensee.
  const buyer = r.customers[0] ?? null;
  const licensee = r.licensees[0] ?? null;
  const stages: string[][] = [];
  if (trl.level <= 4)
    stages.push([
      `TRL ${trl.level} → 4–5`,
      'grants, proof-of-concept funds',
      facts.tests[0] ? `results of ${facts.tests[0]}` : 'lab validation with data',
    ]);
  if (trl.level <= 6)
    stages.push([
      `TRL ${Math.max(trl.level, 5)} → 6–7`,
      'seed investors, pilot partners',
      buyer ? `a pilot with ${q(buyer, 80)}` : 'a pilot in the relevant setting',
    ]);
  stages.push([
    `TRL ${Math.max(trl.level, 7)} → market`,
    'venture, strategic, licence fees',
    licensee ? `a licence with ${q(licensee, 80)}` : buyer ? `paid orders from ${q(buyer, 80)}` : 'paid orders or a licence',
  ]);
  return body({
    summary: [`Funding ${facts.named}: ${facts.fundingLine}, in tranches.`],
    blocks: [
      ...(facts.plan.market.funding.length
        ? [para(`Stated so far: ${facts.plan.market.funding.map((a) => `${a.as_stated} (${q(a.quote, 160)})`).join('; ')}.`)]
        : []),
      table(['Stage', 'Who funds it', 'Milestone'], stages),
      ...(p ? [bullets(p.funding, 'Funders in the field (check current calls)')] : []),
    ],
    confidence: { level: 'low', reason: 'Funder types; calls to check.' },
    next: [
      p ? `Find the ${baseYear} call of ${p.funding[0]}.` : `List grant calls open in ${baseYear}.`,
      ...(money.devCostKusd ? ['Split the budget into two tranches.'] : []),
    ],
  });
}

/**
 * The exit routes this record supports, each with the fact that makes it fit: a route the record
 * gives no ground for (a sale of IP nobody has filed, non-exclusive licences for a single use) is
 * left out rather than listed as a generic option.
 */
function exitRoutes(facts: Facts): string[][] {
  const { record, trl, money, launchCalendarYear } = facts.plan;
  const rows: string[][] = [];
  const apps = record.applications.length;
  if (record.licensees[0]) rows.push(['Exclusive licence per field of use', `named: ${record.licensees[0]}`]);
  else if (apps >= 2) rows.push(['Exclusive licence per field of use', `${apps} applications named, one licensee each`]);
  if (apps >= 3) rows.push(['Non-exclusive licences', `${apps} applications named`]);
  if (record.ip.status === 'granted') rows.push(['Sale of the IP', `granted${record.ip.numbers[0] ? `: ${record.ip.numbers[0]}` : ''}`]);
  else if (record.ip.status === 'filed' || record.ip.status === 'published')
    rows.push(['Sale of the IP', `after grant; ${facts.ipLabel.toLowerCase()} now`]);
  rows.push([
    'Spin-out, then trade sale',
    trl.level >= money.targetTrl ? `TRL ${trl.level}: revenue within reach` : `after first revenue, ${launchCalendarYear} in the plan`,
  ]);
  return rows;
}

export function licensingExit({ facts }: SectionInput): SectionBody {
  const royalty = facts.plan.field.neutral ? null : facts.plan.field.profile.royaltyPct;
  const licensees = facts.licenseeTypes.slice(0, 5).map((l) => `${l.name}${l.stated ? ' (named)' : ''}`);
  const unfiled = facts.plan.record.ip.status === 'none' || facts.plan.record.ip.status === 'unknown';
  return body({
    summary: [
      royalty
        ? `Licensing ${facts.named}: ${royalty[0]}–${royalty[1]} % of net sales is the range usually cited in ${facts.fieldName.toLowerCase()} (to verify).`
        : `Royalties for ${facts.named}: field to confirm first.`,
    ],
    blocks: [
      ...(licensees.length ? [bullets(licensees, 'Who could license it')] : []),
      table(['Route', 'Why it fits'], exitRoutes(facts), 'Exit routes'),
      ...(unfiled ? [toFindOut(['A filing: without one there is nothing to license or sell.'])] : []),
    ],
    confidence: { level: 'low', reason: 'Terms depend on stage and data.' },
    next: ['Find two comparable licence deals.'],
  });
}
