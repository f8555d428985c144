/**
 * The report's plan, fixed once before any section is written and obeyed by every writer (the
 * model and the offline analyst) and checked by the review: the field, the product's name as
 * written, what the inventor named and stated, the TRL the report uses, and ONE assumptions
 * object from which every financial figure, the ROI, the funding stages and the roadmap follow.
 * Deterministic: the same idea and year give the same plan, so a resumed job rebuilds it exactly.
 */
import type { ConfidenceLevel } from '../content/report-content.ts';
import { estimateTrl } from '../writers/offline/maturity.ts';
import { buildPlanningModel, type PlanningModel } from '../writers/offline/planning-model.ts';
import { normaliseText, splitSentences, extractKeyTerms } from '../writers/offline/text-analysis.ts';
import { classifyField, type FieldChoice } from './fields.ts';
import { splitPastedTitle, titleUses } from './pasted-title.ts';
import { extractSubjectPhrase, subjectOf } from './subject.ts';
import { extractNamedItems, extractProductName, extractStatedIp, extractStatedTrl, type NamedItem, type StatedIp, type StatedTrl } from './stated.ts';

export interface PlanTrl {
  level: number;
  /** 'stated' when the inventor gave it (and it is kept); 'estimated' otherwise. */
  source: 'stated' | 'estimated';
  /** The inventor's sentence when stated; the evidence sentences otherwise. */
  quote: string;
  confidence: ConfidenceLevel;
  /** Why the level is what it is (and, if an estimate differs from a stated level, why). */
  reason: string;
  /** What the text alone suggests, when it differs from the stated level. */
  textEstimate: number | null;
}

/** The one set of assumptions every number in the report is computed from. */
export interface Assumptions {
  currency: 'USD';
  /** Calendar year of year 1 (the report's year). */
  baseYear: number;
  /** 1-based year of first revenue, and its calendar year. */
  launchYear: number;
  launchCalendarYear: number;
  /** Quarter of first revenue counted from the start of year 1. */
  firstRevenueQuarter: number;
  /** Revenue per customer account per year (the price assumption), USD thousand. */
  pricePerAccountKusd: number;
  /** Cost of goods per account per year, USD thousand (price × (1 − margin)). */
  unitCostPerAccountKusd: number;
  grossMarginPct: number;
  adoption: { firstYearAccounts: number; growthPerYear: number };
  spend: { developmentKusd: [number, number]; developmentMonths: [number, number]; salesPctOfRevenue: number; fixedOpexKusdPerYear: number };
  model: PlanningModel;
}

export interface ReportPlan {
  /** The title line the member pasted above the description (a listing's or patent's title), if any. */
  pastedTitle: string | null;
  /** The description without that title line: what the analysis reads. */
  description: string;
  field: FieldChoice;
  /** The product's name exactly as written, or null when the idea names none. */
  productName: string | null;
  /** How every section names the technology: the product name, or a short phrase from the idea. */
  subject: string;
  named: NamedItem[];
  statedTrl: StatedTrl | null;
  statedIp: StatedIp | null;
  trl: PlanTrl;
  assumptions: Assumptions;
}

export function buildReportPlan(ideaText: string, now: Date): ReportPlan {
  const pasted = splitPastedTitle(normaliseText(ideaText));
  const idea = pasted.body;
  const sentences = splitSentences(idea);
  const productName = extractProductName(idea, sentences);
  const fallback = extractKeyTerms(idea, 1)[0] ?? 'the proposed technology';
  const described = extractSubjectPhrase(sentences) ?? fallback;
  const uses = pasted.title ? titleUses(pasted.title) : [];
  // "Delivery device with tethering for implantable medical device" above an abstract about the
  // implant: what the description opens with is what the invention is FOR; the title's head is the invention.
  const overlaps = (a: string, b: string) => a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());
  const titleHead = pasted.title && uses.some((u) => overlaps(u, described)) ? subjectOf(pasted.title) : null;
  const phrase = titleHead ?? described;
  const subject = productName ?? phrase;
  // The uses a pasted title names are named applications like those the description lists (not the subject itself).
  const named = extractNamedItems(sentences);
  for (const use of uses) {
    if (overlaps(use, subject) || named.some((n) => n.name.toLowerCase() === use.toLowerCase())) continue;
    named.push({ kind: 'application', name: use });
  }
  const field = classifyField(
    pasted.title ? `${pasted.title}\n${idea}` : idea,
    productName ? `${productName} ${phrase}` : phrase,
    named.filter((n) => n.kind === 'application').map((n) => n.name),
  );
  const statedTrl = extractStatedTrl(sentences);
  const estimate = estimateTrl(sentences);
  const trl: PlanTrl = statedTrl
    ? {
        level: statedTrl.level,
        source: 'stated',
        quote: statedTrl.quote,
        confidence: 'medium',
        reason:
          estimate.level === statedTrl.level || estimate.cues.length === 0
            ? `The inventor states TRL ${statedTrl.level}; the report uses it as stated. Documents (test reports, data) should confirm it.`
            : `The inventor states TRL ${statedTrl.level}; the report uses it as stated. The description's own cues ("${estimate.cues[0]}") would suggest TRL ${estimate.level} — a reviewer should confirm which evidence supports the stated level.`,
        textEstimate: estimate.level === statedTrl.level ? null : estimate.level,
      }
    : { level: estimate.level, source: 'estimated', quote: estimate.evidence[0] ?? '', confidence: estimate.confidence, reason: estimate.reason, textEstimate: null };
  const model = buildPlanningModel(trl.level, field.profile);
  const baseYear = now.getUTCFullYear();
  return {
    pastedTitle: pasted.title,
    description: idea,
    field,
    productName,
    subject,
    named,
    statedTrl,
    statedIp: extractStatedIp(sentences),
    trl,
    assumptions: {
      currency: 'USD',
      baseYear,
      launchYear: model.launchYear,
      launchCalendarYear: baseYear + model.launchYear - 1,
      firstRevenueQuarter: model.firstRevenueQuarter,
      pricePerAccountKusd: model.revenuePerAccountKusd,
      unitCostPerAccountKusd: Math.round(model.revenuePerAccountKusd * (1 - model.grossMarginPct / 100)),
      grossMarginPct: model.grossMarginPct,
      adoption: { firstYearAccounts: model.firstYearAccounts, growthPerYear: model.growth },
      spend: { developmentKusd: model.devCostKusd, developmentMonths: model.devMonths, salesPctOfRevenue: model.commercialSpendPct, fixedOpexKusdPerYear: model.fixedOpexKusd },
      model,
    },
  };
}

/** The ROI chart data every writer must use (the base scenario of the one assumptions object). */
export function planRoi(plan: ReportPlan) {
  return {
    currency: 'USD',
    unit: 'thousands' as const,
    scenario: 'Base scenario — model from the report\'s stated assumptions',
    years: plan.assumptions.model.years.map((y) => ({ year: y.year, investment: y.investment, revenue: y.revenue })),
  };
}
