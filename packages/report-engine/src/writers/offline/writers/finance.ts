/**
 * Offline writers for the financial sections. All figures come from the planning model's stated
 * assumptions and are printed beside them; none is a forecast or market fact.
 */
import { assumptions, body, bullets, kusd, listing, range, table, verify } from '../blocks.ts';
import { inSentence } from '../blocks.ts';
import type { PlanningModel } from '../planning-model.ts';
import { beachhead, components, otherTerms, termsText, trlText, type SectionWriter } from './context.ts';

/** How the development budget splits into work packages (planning shares, percent). */
function workPackages(regulatedHeavy: boolean): Array<[string, number]> {
  const percent: Array<[string, number]> = regulatedHeavy
    ? [['Engineering and prototypes', 45], ['Testing and certification', 20], ['Regulatory and quality system', 20], ['IP (filings, searches)', 10], ['Pilot and customer validation', 5]]
    : [['Engineering and prototypes', 55], ['Testing and certification', 15], ['Regulatory and quality system', 10], ['IP (filings, searches)', 10], ['Pilot and customer validation', 10]];
  return percent.map(([name, pct]) => [name, pct / 100]);
}

function modelAssumptions(plan: PlanningModel, domainLabel: string): string[] {
  return [
    `Development to TRL ${plan.targetTrl}: ${plan.steps} TRL step(s) × the ${domainLabel.toLowerCase()} planning range per step = ${range(plan.devCostKusd[0], plan.devCostKusd[1])}; the model uses the midpoint.`,
    `First revenue in year ${plan.launchYear}${plan.launchYear > 5 ? ' (outside the five-year window)' : ''}.`,
    plan.licenceLed
      ? 'Value is realised by licensing after a development milestone, so no product revenue is modelled inside five years.'
      : `${plan.firstYearAccounts} customer accounts in the first revenue year, growing ×${plan.growth} a year; ${kusd(plan.revenuePerAccountKusd)} revenue per account per year (placeholder).`,
    `Gross margin ${plan.grossMarginPct}% (midpoint of the domain planning range); sales and marketing ${plan.commercialSpendPct}% of revenue; fixed operating cost ${kusd(plan.fixedOpexKusd)} a year after launch.`,
    'US dollars, nominal, no inflation, no tax, no financing costs.',
  ];
}

export const financialEstimates: SectionWriter = ({ a, plan }) => {
  const heavy = a.domain.capitalIntensity === 'high';
  const wps = workPackages(heavy);
  const rows = wps.map(([name, f]) => [name, kusd(plan.devCostKusd[0] * f), kusd(plan.devCostKusd[1] * f), `${Math.round(f * 100)}% of the development range`]);
  return body({
    summary: [
      `Reaching TRL ${plan.targetTrl} from ${trlText(a.trl.level)} is estimated, as a planning range, at ${range(plan.devCostKusd[0], plan.devCostKusd[1])} over ${plan.devMonths[0]}-${plan.devMonths[1]} months. The range comes from a per-step heuristic for ${a.domain.label.toLowerCase()}; it is a budgeting frame for the ${a.subject}, not a quote.`,
      plan.breakEvenAccounts !== null
        ? `Unit economics: with a ${plan.grossMarginPct}% gross margin and ${plan.commercialSpendPct}% sales cost, each account contributes about ${kusd(plan.revenuePerAccountKusd * (plan.grossMarginPct - plan.commercialSpendPct) / 100)} a year toward fixed costs of ${kusd(plan.fixedOpexKusd)}, so operating break-even needs about ${plan.breakEvenAccounts} accounts — under the assumptions below.`
        : `Unit economics: ${plan.breakEvenNote ?? 'no break-even is stated under these assumptions.'}`,
    ],
    blocks: [
      table(['Item', 'Low', 'High', 'Basis'], [...rows, ['Total development', kusd(plan.devCostKusd[0]), kusd(plan.devCostKusd[1]), `${plan.steps} TRL step(s) × planning range`]], 'Development cost to market entry (illustrative)'),
      table(
        ['Unit economics item', 'Planning value', 'Basis'],
        [
          ['Revenue per account per year', kusd(plan.revenuePerAccountKusd), 'Placeholder — replace with price × volume'],
          ['Gross margin', `${plan.grossMarginPct}%`, `Domain planning range ${a.domain.grossMarginPct[0]}-${a.domain.grossMarginPct[1]}%`],
          ['Sales and marketing', `${plan.commercialSpendPct}% of revenue`, 'Early-stage planning assumption'],
          ['Fixed operating cost after launch', `${kusd(plan.fixedOpexKusd)} a year`, 'Half of one TRL-step budget (heuristic)'],
          ['Break-even accounts', plan.breakEvenAccounts === null ? 'Not stated (contribution too thin)' : String(plan.breakEvenAccounts), 'Fixed cost ÷ contribution per account'],
        ],
        'Unit economics and break-even (illustrative)',
      ),
      assumptions(modelAssumptions(plan, a.domain.label)),
      verify([`Bill of materials of the ${a.subject} from supplier quotes.`, 'Price points from buyer interviews.', `Team cost for the ${a.subject} where it will be built.`]),
    ],
    confidence: { level: 'low', reason: `Planning heuristics for ${a.domain.label.toLowerCase()}, not quotes or customer data.` },
    next_steps: [
      `Replace the development range with a bottom-up budget per work package for the ${otherTerms(a, 1)[0] ?? 'core'} work.`,
      `Quotes for ${listing(components(a, 2)) || `the ${a.subject}'s parts`} at 100 and 1,000 units.`,
      'Validate the price point with three buyers.',
    ],
  });
};

export const roi5Year: SectionWriter = ({ a, plan }) => {
  return body({
    summary: [
      `Five years of investment and revenue for the ${a.subject} in the base scenario — a model from the assumptions beside it, not a forecast. ${plan.paybackYear ? `Cumulative cash turns positive in year ${plan.paybackYear} under these assumptions.` : 'Cumulative cash does not turn positive within five years under these assumptions.'}`,
      plan.licenceLed
        ? `In this domain value is usually realised through a licence or partnership after a development milestone on ${termsText(a, 2)}, which would fall after year 5 here.`
        : `The result is most sensitive to the launch year (year ${plan.launchYear}), account growth and revenue per account; the development spend covers proving ${termsText(a, 2)} to TRL ${plan.targetTrl}.`,
    ],
    blocks: [
      table(
        ['Scenario', 'First revenue', 'Accounts in year 1 of sales, growth', 'Price per account', 'Development spend', 'Cumulative net after 5 years'],
        plan.scenarios.map((s) => [s.name, `Year ${s.launchYear}`, `${s.firstYearAccounts}, ×${s.growth.toFixed(1)} a year`, `${Math.round(s.revenueFactor * 100)}% of base`, `${Math.round(s.spendFactor * 100)}% of base`, kusd(s.cumulative5)]),
        'Scenarios — each with its own assumptions',
      ),
      assumptions(modelAssumptions(plan, a.domain.label)),
    ],
    confidence: { level: 'low', reason: 'Every input is a planning assumption; the model shows structure and sensitivity, not expected returns.' },
    next_steps: [
      `Pilot and interview figures for the ${a.subject} replace revenue per account and growth.`,
      'Re-run the model after each milestone and report the range across scenarios.',
    ],
    roi: {
      currency: 'USD',
      unit: 'thousands',
      scenario: 'Base scenario — illustrative model from stated assumptions',
      years: plan.years.map((y) => ({ year: y.year, investment: y.investment, revenue: y.revenue })),
    },
  });
};

export const fundingStrategy: SectionWriter = ({ a, plan }) => {
  const t = a.trl.level;
  // The stages split the same development range the financial estimates and the ROI use (20/35/45 %),
  // and the last stage adds the first year of fixed operating cost after launch.
  const share = (f: number, extra = 0) => range(plan.devCostKusd[0] * f + extra, plan.devCostKusd[1] * f + extra);
  const stages = [
    ['Proof and protection', a.domain.funding[0] ?? 'Innovation grants', share(0.2), `Critical experiment; IP filing; TRL ${Math.min(9, t + 1)}`, `Reproduced result on ${otherTerms(a, 1)[0] ?? 'the core claim'}`],
    ['Prototype and pilot', listing(a.domain.funding.slice(1, 3)) || 'Angels and seed funds', share(0.35), `Pilot with ${beachhead(a).buyer}; TRL ${Math.min(9, t + 2)}-${Math.min(9, t + 3)}`, 'Signed pilot and independent test report'],
    ['Market entry', a.domain.funding[a.domain.funding.length - 1] ?? 'Venture capital or strategic partners', share(0.45, plan.fixedOpexKusd), `Certification; first sales in year ${plan.launchYear}; TRL ${plan.targetTrl}`, 'Reference customers and a repeatable channel'],
  ];
  return body({
    summary: [
      `Funding for the ${a.subject} is staged to milestones: grants for proof of ${components(a, 1)[0] ?? 'the core effect'} and IP, seed capital for the prototype and pilot, then venture or strategic capital for entry into ${inSentence(beachhead(a).name)}. The stages add up to the development range of ${range(plan.devCostKusd[0], plan.devCostKusd[1])} used in the financial estimates and the ROI model, plus one year of fixed operating cost (${kusd(plan.fixedOpexKusd)}) to reach first revenue in year ${plan.launchYear}; they are planning ranges, not offers.`,
    ],
    blocks: [
      table(['Stage', 'Source type', 'Amount (range)', 'Use of funds', 'Unlocking milestone'], stages, 'Funding stages'),
      bullets(a.domain.funding, 'Funding sources to investigate'),
      verify([`Open calls that fit the ${a.subject}, with deadlines and eligibility, on each funder's site.`, 'Match between grant rules and IP ownership (some programmes have IP or matching-fund conditions).'], 'Before applying'),
    ],
    confidence: { level: 'low', reason: 'Funding availability and amounts change; ranges are planning heuristics.' },
    next_steps: [
      `Two open grant calls for the ${a.subject} at TRL ${t} → ${Math.min(9, t + 1)}, eligibility read.`,
      'Prepare the evidence package: technical results, IP status, team, budget, milestones.',
    ],
  });
};

export const licensingExit: SectionWriter = ({ a }) => {
  const [lo, hi] = a.domain.royaltyPct;
  return body({
    summary: [
      `A licence of the ${a.subject} would be structured by field of use (e.g. ${inSentence(beachhead(a).name)}), territory and exclusivity, with an upfront fee, milestone payments and a royalty on net sales. Royalty rates of roughly ${lo}-${hi}% of net sales are commonly cited for ${a.domain.label.toLowerCase()}; treat this as an indicative range to verify against comparable licences, not a benchmark.`,
      `Licensed: patents and know-how on ${termsText(a, 3)}. Exit routes follow the model: a trade sale to a strategic acquirer in the field, a licence-out of the IP, or (rarely at early stage) a merger or listing.`,
    ],
    blocks: [
      table(
        ['Term', 'Typical structure', 'Indicative range (to verify)', 'Note'],
        [
          ['Field of use', `By application: ${listing(a.applications.slice(0, 2).map((x) => inSentence(x.name)))}`, 'n/a', 'Separate fields let you license more than once'],
          ['Territory', 'Worldwide or by region', 'n/a', 'Match to patent coverage'],
          ['Exclusivity', 'Exclusive in a field, with performance obligations', 'n/a', 'Add minimum royalties or diligence milestones'],
          ['Upfront fee', 'On signing', 'Deal-specific', 'Reflects evidence and IP strength'],
          ['Royalty', 'Percent of net sales', `${lo}-${hi}%`, 'Commonly cited indicative range for the domain'],
          ['Milestones', 'On development or regulatory events', 'Deal-specific', 'Common where the licensee finishes development'],
        ],
        'Licence terms',
      ),
      bullets([
        `Trade sale to ${a.domain.licensees[0]}: needs proven product, IP and customers.`,
        'IP licence-out: needs granted or strong pending patents and data.',
        'Joint venture or partnership: shares risk; needs clear governance.',
      ], 'Exit routes'),
      verify(['Comparable licence terms: royalty-rate databases, university technology-transfer annual reports, licensing-professional surveys (e.g. LES).', `Acquisitions in ${a.domain.label.toLowerCase()}: filings and press releases (names and values to source).`], 'Where to find comparables'),
    ],
    confidence: { level: 'low', reason: 'Rates are indicative and domain-wide; actual terms depend on evidence and IP strength.' },
    next_steps: [
      `Five licence deals comparable to the ${a.subject}, from the sources above.`,
      'Draft a term-sheet template with field, territory and milestones for the first licensee type.',
    ],
  });
};

