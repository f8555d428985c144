/**
 * What every offline section writer receives, and the judgements several sections share
 * (risk register, recommendation), computed once so the sections agree with each other.
 */
import type { Complexity } from '@assay/shared';
import type { PriorArtRow, Risk, SectionBody, SectionContent } from '../../../content/report-content.ts';
import type { EvidenceItem } from '../../../evidence/evidence.ts';
import type { IdeaAnalysis } from '../analyse-idea.ts';
import { COMMON_PATENT_DBS } from '../domains.ts';
import { TRL_LABELS } from '../maturity.ts';
import type { PlanningModel } from '../planning-model.ts';
import type { ReportPlan } from '../../../plan/report-plan.ts';
import { article, listing, range, shortName } from '../blocks.ts';
import { clip } from '../text-analysis.ts';
import { ideaVocabulary, isGeneric } from '../specific.ts';

export interface WriterContext {
  a: IdeaAnalysis;
  plan: PlanningModel;
  /** The report's plan (field, name, stated facts); `plan` above is its assumptions' model. */
  reportPlan: ReportPlan;
  risks: Risk[];
  complexity: Complexity;
  /** Finished sections (given to the executive summary, written last). */
  priorSections: readonly SectionContent[];
  /** The search results that bear on this section (the only ones it may cite). */
  evidence: readonly EvidenceItem[];
}

/** A section body; the prior-art sections add their table's rows. */
export type SectionWriter = (ctx: WriterContext) => SectionBody & { prior_art?: PriorArtRow[] };

export { COMMON_PATENT_DBS };

/** The idea's key terms other than the subject, parts of the technology first, for prose. */
export function otherTerms(a: IdeaAnalysis, n = 3): string[] {
  const rest = a.keyTerms.slice(1).filter((t) => !a.components.includes(t));
  return [...a.components, ...rest].slice(0, n);
}

/** Key terms naming parts of the technology only (never its users or what it acts on). */
export function components(a: IdeaAnalysis, n = 3): string[] {
  return a.components.slice(0, n);
}

export function termsText(a: IdeaAnalysis, n = 3): string {
  const terms = otherTerms(a, n);
  return terms.length > 0 ? listing(terms) : a.subject;
}

export function trlText(level: number): string {
  return `TRL ${level} (${TRL_LABELS[level]?.toLowerCase() ?? 'unknown'})`;
}

export function primaryUsers(a: IdeaAnalysis): string {
  return a.users[0] ?? a.applications[0]?.buyer ?? a.domain.buyers[0] ?? 'the target users';
}

export function beachhead(a: IdeaAnalysis): { name: string; buyer: string } {
  const app = a.applications[0];
  return app ? { name: app.name, buyer: app.buyer } : { name: 'the primary use case', buyer: primaryUsers(a) };
}

/** The cross-domain regimes worth a note when an idea spans two domains. */
export function secondaryNote(a: IdeaAnalysis): string | null {
  if (!a.secondary) return null;
  return `The idea also has features of ${a.secondary.label.toLowerCase()}; the regimes of that domain (${a.secondary.regimes[0]?.name ?? 'see its regulators'}) may apply as well.`;
}

function clampScore(n: number): number {
  return Math.max(1, Math.min(5, Math.round(n)));
}

/** The shared risk register: idea-specific risks first, then the domain's typical risks. */
export function buildRiskRegister(a: IdeaAnalysis, plan: PlanningModel): Risk[] {
  const trl = a.trl.level;
  const technicalLikelihood = trl <= 3 ? 4 : trl <= 5 ? 3 : 2;
  const claim = a.claims[0] ? `its stated performance (“${clip(a.claims[0], 90)}”)` : 'its stated effect';
  const part = components(a, 2)[1] ?? components(a, 1)[0] ?? `the ${a.subject}`;
  const rows: Risk[] = [
    {
      risk: `Independent tests of the ${a.subject} miss ${claim}`,
      category: 'technical',
      likelihood: technicalLikelihood,
      impact: 5,
      mitigation: `Independent replication of the critical experiment on ${components(a, 1)[0] ?? `the ${a.subject}`} with pre-agreed pass/fail criteria.`,
    },
    {
      risk: `Cost or performance of ${part} at production scale`,
      category: 'technical',
      likelihood: clampScore(technicalLikelihood),
      impact: 4,
      mitigation: `${capitaliseFirst(part)} in a pilot run; yield and unit cost of the ${a.subject} tracked.`,
    },
    {
      risk: `${primaryUsers(a).charAt(0).toUpperCase()}${primaryUsers(a).slice(1)} keep today's approach at the ${a.subject}'s price`,
      category: 'market',
      likelihood: 3,
      impact: 4,
      mitigation: `Ten discovery interviews with ${primaryUsers(a)}, then a paid pilot of the ${a.subject} at a stated price.`,
    },
    a.ip.disclosed.length > 0
      ? {
          risk: 'An earlier public disclosure mentioned in the idea may destroy novelty in some jurisdictions',
          category: 'ip',
          likelihood: 4,
          impact: 5,
          mitigation: 'Ask a patent attorney to review every disclosure date against the grace-period rules of each target country before filing.',
        }
      : {
          risk: `Earlier patents or papers already show ${listing(otherTerms(a, 2)) || `the ${a.subject}`}`,
          category: 'ip',
          likelihood: a.ip.filed.length > 0 ? 2 : 3,
          impact: 4,
          mitigation: `Novelty search on ${listing(otherTerms(a, 2)) || a.subject}; claims fitted to what the ${a.subject} adds (Espacenet, PATENTSCOPE).`,
        },
    {
      risk: `${a.domain.regimes[0]?.name.split('(')[0]?.trim() ?? 'Regulatory'} approval of the ${a.subject} takes longer or costs more than planned`,
      category: 'regulatory',
      likelihood: a.domain.capitalIntensity === 'high' ? 4 : 3,
      impact: a.domain.capitalIntensity === 'high' ? 5 : 3,
      mitigation: `Class and test plan of the ${a.subject} agreed early with ${a.domain.partners.find((p) => /test|laborator|notified/i.test(p)) ?? 'a test laboratory'}.`,
    },
    {
      risk: `No team is described: who takes the ${a.subject} through ${a.domain.id === 'general' ? 'its' : a.domain.label.toLowerCase()} regulation, manufacture and sales is unknown`,
      category: 'team',
      likelihood: 3,
      impact: 3,
      mitigation: `An advisor who has sold ${components(a, 1)[0] ?? a.subject}-type products; then the first hire.`,
    },
    {
      risk: `Funding to bring the ${a.subject} to TRL ${plan.targetTrl} (${range(plan.devCostKusd[0], plan.devCostKusd[1])}, planning estimate) comes late`,
      category: 'funding',
      likelihood: a.domain.capitalIntensity === 'high' ? 4 : a.domain.capitalIntensity === 'medium' ? 3 : 2,
      impact: 4,
      mitigation: `Milestones tied to results on ${components(a, 1)[0] ?? `the ${a.subject}`}; non-dilutive grants for TRL ${Math.min(9, trl + 1)}.`,
    },
  ];
  // The field's typical risks only where they touch this idea (a list shared by every idea of the field is filler).
  const vocabulary = ideaVocabulary([a.idea, a.subject]);
  for (const r of a.domain.risks) {
    if (rows.length >= 10) break;
    if (rows.some((x) => x.category === r.category && x.risk === r.risk)) continue;
    if (isGeneric(`${r.risk} ${r.mitigation}`, vocabulary)) continue;
    rows.push({ ...r });
  }
  return rows;
}

export type Recommendation = { verdict: string; reason: string };

export function recommendation(a: IdeaAnalysis): Recommendation {
  if (a.ip.disclosed.length > 0 && a.ip.filed.length === 0) {
    return {
      verdict: 'Proceed with conditions: resolve the IP position first',
      reason: 'The idea mentions a possible public disclosure and no filing; novelty must be assessed before investment or further disclosure.',
    };
  }
  if (a.trl.level <= 3) {
    return {
      verdict: `Proceed with conditions: prove ${components(a, 1)[0] ?? `the ${a.subject}`} first`,
      reason: `At TRL ${a.trl.level} the ${a.subject} is unproven: fund the critical experiment on ${components(a, 1)[0] ?? 'its core effect'} and a search on ${listing(otherTerms(a, 2)) || a.subject} before more.`,
    };
  }
  if (a.trl.level <= 6) {
    return {
      verdict: 'Proceed to validation and piloting',
      reason: `At ${trlText(a.trl.level)} the next value step is a pilot in a relevant environment with an early customer, alongside IP filing and regulatory classification.`,
    };
  }
  return {
    verdict: 'Proceed to commercial validation',
    reason: `At ${trlText(a.trl.level)} the priority shifts to repeatable sales, certification and a scalable channel.`,
  };
}

export interface PlannedAction {
  action: string;
  owner: string;
  output: string;
  timing: string;
  removes: string;
}

/** The 90-day actions: IP before disclosure, evidence for the key claim, buyers, regulation, money. */
export function ninetyDayPlan(a: IdeaAnalysis): PlannedAction[] {
  const trl = a.trl.level;
  const term = components(a, 1)[0] ?? a.subject;
  const regime = a.domain.regimes[0]?.name.split('(')[0]?.trim() ?? 'the applicable regime';
  const evidence: PlannedAction =
    trl <= 3
      ? { action: proofOfConcept(a, term), owner: 'Inventor with an independent lab', output: 'Test report with raw data', timing: 'Days 1-75', removes: `Whether ${term} works as described` }
      : trl <= 5
        ? { action: `Test the ${a.subject} under realistic conditions (${shortName(a.domain.standards[0] ?? 'the relevant test standard')} as the reference method)`, owner: 'Inventor with an accredited test laboratory', output: 'Independent test report', timing: 'Days 15-90', removes: 'Whether lab results hold in a relevant environment' }
        : { action: `Agree a measured pilot with ${beachhead(a).buyer} and define success metrics in writing`, owner: 'Founder / business lead', output: 'Signed pilot agreement and baseline data', timing: 'Days 1-60', removes: 'Whether customers see the benefit in operation' };
  return [
    a.ip.filed.length > 0
      ? { action: 'Confirm the priority date of the filed application and plan the 12-month decision (PCT or national filings)', owner: 'Patent attorney', output: 'Filing strategy and budget', timing: 'Days 1-30', removes: 'Loss of priority or claims that miss the product' }
      : { action: `Record and date the ${a.subject}; before anything on ${term} is published, an attorney decides on filing`, owner: 'Inventor and patent attorney', output: 'Dated invention record; filing decision', timing: 'Days 1-30', removes: 'Loss of novelty through disclosure' },
    evidence,
    { action: `Commission a prior-art search on ${listing(otherTerms(a, 3)) || a.subject}`, owner: 'Patent searcher or attorney', output: 'Search report with closest documents', timing: 'Days 10-45', removes: 'Uncertainty about novelty and freedom to operate' },
    { action: `Interview 10-15 ${primaryUsers(a)}: what they use instead of the ${a.subject}, what it costs, what would make them switch`, owner: 'Founder / business lead', output: 'Interview notes and a validated problem statement', timing: 'Days 10-70', removes: `Whether ${primaryUsers(a)} would pay` },
    { action: `Confirm which requirements of ${regime} apply and what testing they imply`, owner: 'Regulatory consultant or test laboratory', output: 'Classification note and test plan', timing: 'Days 30-90', removes: 'Regulatory time and cost uncertainty' },
  ];
}

/**
 * The first experiment, from what the idea itself claims: its stated result when it gives one,
 * else the part of the technology that carries the mechanism, built and measured.
 */
function proofOfConcept(a: IdeaAnalysis, term: string): string {
  const claim = a.claims.find((c) => c !== a.oneLiner) ?? a.claims[0];
  return claim
    ? `Against a control, reproduce on ${term} what the idea states (“${clip(claim, 90)}”)`
    : term === a.subject
      ? `Against a control, build the ${a.subject} and measure its effect`
      : `Against a control, build ${term} and measure its effect in the ${a.subject}`;
}

/** "a test and measurement product", or, when the field is uncertain, a field-neutral phrase. */
export function fieldPhrase(a: IdeaAnalysis, noun: string): string {
  if (a.domain.id === 'general') return `${article(noun)} ${noun} whose field is still to confirm`;
  const label = a.domain.label.toLowerCase();
  return `${article(label)} ${label} ${noun}`;
}

export function capitaliseFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
