/**
 * The plan as the model sees it: binding facts (field, name, what the inventor stated) and the one
 * assumptions table every figure must come from. Plain text, part of each section's prompt.
 */
import { kusd, range } from '../writers/offline/blocks.ts';
import type { ReportPlan } from './report-plan.ts';

export function planBrief(plan: ReportPlan): string[] {
  const a = plan.assumptions;
  const m = a.model;
  const lines = ['## The plan of this report (binding: every section follows it)'];
  if (plan.field.neutral) {
    lines.push(
      `Field: uncertain (${plan.field.label}). Write field-neutral text that is specific to the idea: name no standard, regulation, baseline technology or application that belongs to one field unless the idea itself names it; say which field must be confirmed and how.`,
    );
  } else {
    lines.push(`Field: ${plan.field.label}. Standards, regulations, baselines and applications you name must belong to this field or be named in the idea.`);
  }
  lines.push(
    plan.productName
      ? `Product name: "${plan.productName}" — write it exactly so (same letters and capitals), never lower-cased, never with other words attached.`
      : `The technology is referred to as "${plan.subject}".`,
  );
  if (plan.named.length > 0) {
    lines.push(`Named by the inventor (each must appear where it bears on this section, in the inventor's words): ${plan.named.map((n) => `${n.name} (${n.kind})`).join('; ')}.`);
  }
  lines.push(
    plan.trl.source === 'stated'
      ? `TRL: ${plan.trl.level}, as stated by the inventor — quote: “${plan.trl.quote}”. Use TRL ${plan.trl.level}; if you judge otherwise, keep ${plan.trl.level} as the report's level and give the reason in writing.`
      : `TRL: ${plan.trl.level} (estimated; ${plan.trl.reason})`,
  );
  if (plan.statedIp) lines.push(`IP status as stated by the inventor (${plan.statedIp.status}) — quote: “${plan.statedIp.quote}”.`);
  lines.push(
    '',
    'Assumptions (USD, thousands unless marked; every financial figure in the report must come from these, labelled as assumptions):',
    `- Year 1 = ${a.baseYear}. First revenue: year ${a.launchYear} (${a.launchCalendarYear}), i.e. quarter ${a.firstRevenueQuarter} counted from the start of year 1.`,
    `- Development to TRL ${m.targetTrl}: ${range(m.devCostKusd[0], m.devCostKusd[1])} over ${m.devMonths[0]}-${m.devMonths[1]} months.`,
    `- Price (revenue per customer account per year): ${kusd(a.pricePerAccountKusd)}; unit cost per account: ${kusd(a.unitCostPerAccountKusd)}; gross margin ${a.grossMarginPct}%.`,
    `- Adoption: ${a.adoption.firstYearAccounts} accounts in the first revenue year, ×${a.adoption.growthPerYear} a year.`,
    `- Sales and marketing ${a.spend.salesPctOfRevenue}% of revenue; fixed operating cost ${kusd(a.spend.fixedOpexKusdPerYear)} a year after launch.`,
    `- Break-even: ${m.breakEvenAccounts !== null ? `about ${m.breakEvenAccounts} accounts` : m.breakEvenNote ?? 'not stated'}.`,
    `- Base five years (investment / revenue): ${m.years.map((y) => `Y${y.year} ${kusd(y.investment)} / ${kusd(y.revenue)}`).join('; ')}.`,
    `- Scenarios: ${m.scenarios.map((s) => `${s.name}: first revenue year ${s.launchYear}, ${s.firstYearAccounts} accounts ×${s.growth.toFixed(1)}, price ${Math.round(s.revenueFactor * 100)}%, development spend ${Math.round(s.spendFactor * 100)}% → cumulative ${kusd(s.cumulative5)}`).join('; ')}.`,
  );
  return lines;
}
