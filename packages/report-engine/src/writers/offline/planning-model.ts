/**
 * The offline analyst's illustrative planning model: development budget to market-entry TRL,
 * launch year, a five-year investment/revenue scenario and break-even. Every input is a stated
 * planning heuristic that the report prints as an assumption to replace — never market data.
 */
import type { DomainId, DomainProfile } from './domains.ts';

/** Placeholder revenue per customer account per year (USD thousand) and first-year accounts. */
const ACCOUNT_PLACEHOLDERS: Record<DomainId, { revenuePerAccountKusd: number; firstYearAccounts: number; growth: number }> = {
  medtech: { revenuePerAccountKusd: 40, firstYearAccounts: 3, growth: 2 },
  biotech: { revenuePerAccountKusd: 0, firstYearAccounts: 0, growth: 1 },
  energy: { revenuePerAccountKusd: 60, firstYearAccounts: 3, growth: 2 },
  materials: { revenuePerAccountKusd: 50, firstYearAccounts: 3, growth: 2 },
  software: { revenuePerAccountKusd: 12, firstYearAccounts: 10, growth: 2.5 },
  agritech: { revenuePerAccountKusd: 8, firstYearAccounts: 10, growth: 2.2 },
  electronics: { revenuePerAccountKusd: 40, firstYearAccounts: 3, growth: 2.2 },
  mobility: { revenuePerAccountKusd: 80, firstYearAccounts: 2, growth: 2 },
  water: { revenuePerAccountKusd: 25, firstYearAccounts: 4, growth: 2.2 },
  construction: { revenuePerAccountKusd: 40, firstYearAccounts: 3, growth: 2 },
  consumer: { revenuePerAccountKusd: 20, firstYearAccounts: 10, growth: 2.2 },
  industrial: { revenuePerAccountKusd: 50, firstYearAccounts: 3, growth: 2 },
  measurement: { revenuePerAccountKusd: 35, firstYearAccounts: 5, growth: 2 },
  optics: { revenuePerAccountKusd: 50, firstYearAccounts: 3, growth: 2 },
  space: { revenuePerAccountKusd: 150, firstYearAccounts: 1, growth: 2 },
  diagnostics: { revenuePerAccountKusd: 30, firstYearAccounts: 5, growth: 2.2 },
  storage: { revenuePerAccountKusd: 80, firstYearAccounts: 2, growth: 2 },
  general: { revenuePerAccountKusd: 30, firstYearAccounts: 3, growth: 2 },
};

const REGULATED: ReadonlySet<DomainId> = new Set(['medtech', 'biotech', 'mobility']);

export interface PlanningYear {
  year: number;
  investment: number;
  revenue: number;
  net: number;
  cumulative: number;
}

export interface PlanningModel {
  currentTrl: number;
  /** The TRL at which first sales are plausible (8 for regulated domains, 7 otherwise). */
  targetTrl: number;
  steps: number;
  devCostKusd: [number, number];
  devMonths: [number, number];
  /** Year of first revenue, 1-based; may exceed 5 (no revenue inside the window). */
  launchYear: number;
  revenuePerAccountKusd: number;
  firstYearAccounts: number;
  growth: number;
  grossMarginPct: number;
  commercialSpendPct: number;
  fixedOpexKusd: number;
  years: PlanningYear[];
  /** Each scenario's own assumptions; they differ, so their results differ. */
  scenarios: Array<{ name: string; spendFactor: number; launchYear: number; firstYearAccounts: number; growth: number; revenueFactor: number; years: PlanningYear[]; cumulative5: number }>;
  /** Operating break-even in accounts; null when the contribution per account is too thin to claim one. */
  breakEvenAccounts: number | null;
  /** Why there is no break-even figure, when there is none. */
  breakEvenNote: string | null;
  /** First quarter of revenue, counted from the start of year 1 (the roadmap's quarter). */
  firstRevenueQuarter: number;
  paybackYear: number | null;
  licenceLed: boolean;
}

const round = (n: number) => Math.round(n);
const mid = ([a, b]: [number, number]) => (a + b) / 2;

function project(
  m: Pick<PlanningModel, 'revenuePerAccountKusd' | 'firstYearAccounts' | 'grossMarginPct' | 'commercialSpendPct' | 'fixedOpexKusd'>,
  devTotal: number,
  devYears: number,
  launchYear: number,
  growth: number,
  revenueFactor = 1,
): PlanningYear[] {
  const years: PlanningYear[] = [];
  let cumulative = 0;
  for (let year = 1; year <= 5; year++) {
    const revenue = year >= launchYear ? m.firstYearAccounts * growth ** (year - launchYear) * m.revenuePerAccountKusd * revenueFactor : 0;
    const dev = year <= devYears ? devTotal / devYears : 0;
    const running = year >= launchYear ? m.fixedOpexKusd + revenue * (m.commercialSpendPct / 100) + revenue * (1 - m.grossMarginPct / 100) : 0;
    const investment = dev + running;
    const net = revenue - investment;
    cumulative += net;
    years.push({ year, investment: round(investment), revenue: round(revenue), net: round(net), cumulative: round(cumulative) });
  }
  return years;
}

export function buildPlanningModel(trl: number, domain: DomainProfile): PlanningModel {
  const regulated = REGULATED.has(domain.id);
  const targetTrl = Math.min(9, Math.max(trl + 1, regulated ? 8 : 7));
  const steps = targetTrl - trl;
  const devCostKusd: [number, number] = [steps * domain.trlStepCostKusd[0], steps * domain.trlStepCostKusd[1]];
  const devMonths: [number, number] = [steps * domain.trlStepMonths[0], steps * domain.trlStepMonths[1]];
  const devYears = Math.max(1, Math.min(5, Math.ceil(mid(devMonths) / 12)));
  const launchYear = devYears + (regulated ? 1 : trl >= 6 ? 0 : 1);
  const placeholder = ACCOUNT_PLACEHOLDERS[domain.id];
  const licenceLed = placeholder.revenuePerAccountKusd === 0;
  const base = {
    revenuePerAccountKusd: placeholder.revenuePerAccountKusd,
    firstYearAccounts: placeholder.firstYearAccounts,
    grossMarginPct: round(mid(domain.grossMarginPct)),
    // Sales spend cannot exceed half the gross margin in a sane plan (a 20 % margin business cannot spend 25 % on sales).
    commercialSpendPct: Math.min(25, Math.floor(round(mid(domain.grossMarginPct)) / 2)),
    fixedOpexKusd: round(mid(domain.trlStepCostKusd) * 0.5),
  };
  const devTotal = mid(devCostKusd);
  const years = project(base, devTotal, devYears, launchYear, placeholder.growth);
  // Scenarios differ in their assumptions: launch timing, adoption and price.
  const scenarioDefs = [
    { name: 'Conservative', launchYear: launchYear + 1, firstYearAccounts: Math.max(1, Math.floor(base.firstYearAccounts * 0.6)), growth: Math.max(1.2, placeholder.growth - 0.5), revenueFactor: 0.8, spendFactor: 1.25 },
    { name: 'Base', launchYear, firstYearAccounts: base.firstYearAccounts, growth: placeholder.growth, revenueFactor: 1, spendFactor: 1 },
    { name: 'Upside', launchYear: Math.max(1, launchYear - (launchYear > devYears ? 1 : 0)), firstYearAccounts: Math.ceil(base.firstYearAccounts * 1.5), growth: placeholder.growth + 0.5, revenueFactor: 1.2, spendFactor: 0.85 },
  ];
  const scenarios = scenarioDefs.map((s) => {
    const ys = project({ ...base, firstYearAccounts: s.firstYearAccounts }, devTotal * s.spendFactor, devYears, s.launchYear, s.growth, s.revenueFactor);
    return { ...s, years: ys, cumulative5: ys[4]!.cumulative };
  });
  const contributionPct = base.grossMarginPct - base.commercialSpendPct;
  const contribution = base.revenuePerAccountKusd * (contributionPct / 100);
  // A break-even on a contribution of a few percent is noise: claim none below 10 %.
  const breakEvenAccounts = contribution > 0 && contributionPct >= 10 ? Math.ceil(base.fixedOpexKusd / contribution) : null;
  const breakEvenNote =
    breakEvenAccounts !== null
      ? null
      : licenceLed
        ? 'Value is realised through licensing, so break-even depends on licence terms.'
        : `A ${base.grossMarginPct}% gross margin less ${base.commercialSpendPct}% sales cost leaves ${contributionPct}% per account — too thin to state a break-even; the price or the unit cost must change first.`;
  const payback = years.find((y) => y.cumulative >= 0);
  return {
    currentTrl: trl,
    targetTrl,
    steps,
    devCostKusd,
    devMonths,
    launchYear,
    ...base,
    growth: placeholder.growth,
    years,
    scenarios,
    breakEvenAccounts,
    breakEvenNote,
    firstRevenueQuarter: (launchYear - 1) * 4 + 1,
    paybackYear: payback ? payback.year : null,
    licenceLed,
  };
}
