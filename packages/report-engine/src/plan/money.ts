/**
 * The one set of numbers every financial figure in a report follows from: the development budget
 * to market-entry TRL, the first revenue year, a five-year investment/revenue model, its
 * scenarios and break-even. Revenue follows the inventor's own figures when they give a market
 * (count × price: a share of it, ramping); otherwise a stated per-account placeholder for the
 * field. Every input is printed as an assumption to replace. At TRL 8–9 there is no development
 * left to fund: the spend is scale-up, and the plan says so instead of printing "0–0".
 */
import type { DomainId, DomainProfile } from '../knowledge/domains.ts';
import type { MarketSizing } from './market.ts';

/** Placeholder revenue per customer account per year (USD thousand) and first-year accounts, by field guidance. */
const ACCOUNT_PLACEHOLDERS: Partial<Record<DomainId, { revenuePerAccountKusd: number; firstYearAccounts: number; growth: number }>> = {
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
};
const DEFAULT_PLACEHOLDER = { revenuePerAccountKusd: 30, firstYearAccounts: 3, growth: 2 };

const REGULATED: ReadonlySet<DomainId> = new Set(['medtech', 'biotech', 'diagnostics', 'mobility']);

/** Share of the inventor's yearly market captured in the first revenue year, then doubling, capped. */
const SHARE_FIRST_YEAR = 0.005;
const SHARE_CAP = 0.08;

export interface PlanningYear {
  year: number;
  investment: number;
  revenue: number;
  net: number;
  cumulative: number;
}

export interface Scenario {
  name: 'Conservative' | 'Base' | 'Upside';
  launchYear: number;
  /** Per-account path: accounts in the first revenue year and growth; market-share path: the first year's share. */
  firstYearAccounts: number;
  growth: number;
  revenueFactor: number;
  spendFactor: number;
  years: PlanningYear[];
  cumulative5: number;
}

export interface MoneyModel {
  currentTrl: number;
  /** The TRL at which first sales are plausible (8 for regulated fields, 7 otherwise; 9 at the top). */
  targetTrl: number;
  steps: number;
  /** Development budget to the target TRL, USD thousand; null when none is left (TRL 8–9). */
  devCostKusd: [number, number] | null;
  devMonths: [number, number] | null;
  /** Year of first revenue, 1-based; may exceed 5 (no revenue inside the window). */
  launchYear: number;
  /** How revenue is modelled: a share of the inventor's market, or per-account placeholders. */
  revenueBasis: 'market-share' | 'per-account' | 'licence';
  revenuePerAccountKusd: number;
  firstYearAccounts: number;
  growth: number;
  grossMarginPct: number;
  commercialSpendPct: number;
  fixedOpexKusd: number;
  /** Scale-up spend in place of development at TRL 8–9, USD thousand a year. */
  scaleUpKusdPerYear: number;
  years: PlanningYear[];
  scenarios: Scenario[];
  breakEvenAccounts: number | null;
  breakEvenNote: string | null;
  firstRevenueQuarter: number;
  paybackYear: number | null;
}

const round = (n: number) => Math.round(n);
const mid = ([a, b]: readonly [number, number]) => (a + b) / 2;

interface Path {
  revenueIn(year: number, launchYear: number): number;
}

function project(
  path: Path,
  m: { grossMarginPct: number; commercialSpendPct: number; fixedOpexKusd: number },
  devTotal: number,
  devYears: number,
  launchYear: number,
  scaleUp: number,
): PlanningYear[] {
  const years: PlanningYear[] = [];
  let cumulative = 0;
  for (let year = 1; year <= 5; year++) {
    const revenue = year >= launchYear ? path.revenueIn(year, launchYear) : 0;
    const dev = year <= devYears ? devTotal / devYears : 0;
    const running =
      year >= launchYear ? m.fixedOpexKusd + scaleUp + revenue * (m.commercialSpendPct / 100) + revenue * (1 - m.grossMarginPct / 100) : 0;
    const investment = dev + running;
    const net = revenue - investment;
    cumulative += net;
    years.push({ year, investment: round(investment), revenue: round(revenue), net: round(net), cumulative: round(cumulative) });
  }
  return years;
}

export function buildMoneyModel(
  trl: number,
  domain: DomainProfile,
  market: MarketSizing,
  statedLaunchYear: number | null = null,
): MoneyModel {
  const regulated = REGULATED.has(domain.id);
  const targetTrl = Math.min(9, Math.max(trl + 1, regulated ? 8 : 7));
  const steps = trl >= 8 ? 0 : targetTrl - trl;
  const devCostKusd: [number, number] | null = steps > 0 ? [steps * domain.trlStepCostKusd[0], steps * domain.trlStepCostKusd[1]] : null;
  const devMonths: [number, number] | null = steps > 0 ? [steps * domain.trlStepMonths[0], steps * domain.trlStepMonths[1]] : null;
  const devYears = devMonths ? Math.max(1, Math.min(5, Math.ceil(mid(devMonths) / 12))) : 0;
  // A year the member stated (year 1 = the report's year) beats the estimate.
  const launchYear = statedLaunchYear ?? (steps === 0 ? 1 : devYears + (regulated ? 1 : trl >= 6 ? 0 : 1));
  const placeholder = ACCOUNT_PLACEHOLDERS[domain.id] ?? DEFAULT_PLACEHOLDER;
  const licenceOnly = placeholder.revenuePerAccountKusd === 0 && market.annualValueKusd === null;
  const grossMarginPct = round(mid(domain.grossMarginPct));
  const base = {
    grossMarginPct,
    // Sales spend cannot exceed half the gross margin in a sane plan.
    commercialSpendPct: Math.min(25, Math.floor(grossMarginPct / 2)),
    fixedOpexKusd: round(mid(domain.trlStepCostKusd) * 0.5),
  };
  const scaleUpKusdPerYear = steps === 0 ? round(mid(domain.trlStepCostKusd) * 0.5) : 0;
  const devTotal = devCostKusd ? mid(devCostKusd) : 0;
  const marketValue = market.annualValueKusd;
  const sharePath = (first: number, factor: number): Path => ({
    revenueIn: (year, launch) => (marketValue ?? 0) * Math.min(SHARE_CAP, first * 2 ** (year - launch)) * factor,
  });
  const accountPath = (accounts: number, growth: number, factor: number): Path => ({
    revenueIn: (year, launch) => accounts * growth ** (year - launch) * placeholder.revenuePerAccountKusd * factor,
  });
  const byShare = marketValue !== null && marketValue > 0;
  const defs = [
    {
      name: 'Conservative' as const,
      launchYear: launchYear + 1,
      firstYearAccounts: Math.max(1, Math.floor(placeholder.firstYearAccounts * 0.6)),
      growth: Math.max(1.2, placeholder.growth - 0.5),
      revenueFactor: 0.7,
      spendFactor: 1.2,
    },
    {
      name: 'Base' as const,
      launchYear,
      firstYearAccounts: placeholder.firstYearAccounts,
      growth: placeholder.growth,
      revenueFactor: 1,
      spendFactor: 1,
    },
    // Upside launches when the base does (development does not get shorter by hoping), with more accounts and faster growth.
    {
      name: 'Upside' as const,
      launchYear,
      firstYearAccounts: Math.ceil(placeholder.firstYearAccounts * 1.3),
      growth: placeholder.growth + 0.25,
      revenueFactor: 1.15,
      spendFactor: 0.9,
    },
  ];
  const pathFor = (d: (typeof defs)[number]) =>
    byShare ? sharePath(SHARE_FIRST_YEAR, d.revenueFactor) : accountPath(d.firstYearAccounts, d.growth, d.revenueFactor);
  const scenarios: Scenario[] = defs.map((d) => {
    const ys = project(pathFor(d), base, devTotal * d.spendFactor, devYears, d.launchYear, scaleUpKusdPerYear * d.spendFactor);
    return { ...d, years: ys, cumulative5: ys[4]!.cumulative };
  });
  const years = scenarios.find((s) => s.name === 'Base')!.years;
  const contributionPct = base.grossMarginPct - base.commercialSpendPct;
  const contribution = placeholder.revenuePerAccountKusd * (contributionPct / 100);
  const breakEvenAccounts =
    !byShare && contribution > 0 && contributionPct >= 10 ? Math.ceil((base.fixedOpexKusd + scaleUpKusdPerYear) / contribution) : null;
  const breakEvenNote =
    breakEvenAccounts !== null
      ? null
      : byShare
        ? `Break-even follows the market share reached: at a ${contributionPct}% contribution it needs revenue of about USD ${round((base.fixedOpexKusd + scaleUpKusdPerYear) / (contributionPct / 100))} thousand a year.`
        : licenceOnly
          ? 'Value is realised through licensing, so break-even depends on licence terms.'
          : `A ${base.grossMarginPct}% gross margin less ${base.commercialSpendPct}% sales cost leaves ${contributionPct}% per account — too thin to state a break-even.`;
  const payback = years.find((y) => y.cumulative >= 0 && y.revenue > 0);
  return {
    currentTrl: trl,
    targetTrl,
    steps,
    devCostKusd,
    devMonths,
    launchYear,
    revenueBasis: byShare ? 'market-share' : licenceOnly ? 'licence' : 'per-account',
    revenuePerAccountKusd: placeholder.revenuePerAccountKusd,
    firstYearAccounts: placeholder.firstYearAccounts,
    growth: placeholder.growth,
    ...base,
    scaleUpKusdPerYear,
    years,
    scenarios,
    breakEvenAccounts,
    breakEvenNote,
    firstRevenueQuarter: (launchYear - 1) * 4 + 1,
    paybackYear: payback ? payback.year : null,
  };
}
