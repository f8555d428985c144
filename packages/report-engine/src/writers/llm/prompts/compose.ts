/**
 * Turns a section request into the (system, user) prompt pair sent to a model. Pure string work:
 * the transport (AI SDK, retries, re-asks) lives in ../ai-sdk-llm.ts.
 */
import { TIER_LABELS, type Complexity, type ReportSectionDef } from '@assay/shared';
import { requiredDataFor, type ReportOutline, type SectionContent } from '../../../content/report-content.ts';
import { PRIOR_ART_SECTIONS, priorArtCandidates } from '../../../evidence/citations.ts';
import type { EvidenceItem } from '../../../evidence/evidence.ts';
import { featureChart, type FeatureChart } from '../../../evidence/feature-chart.ts';
import { OUTLINE_BRIEF, OUTLINE_PROMPT_VERSION, OUTLINE_SYSTEM_PROMPT } from './outline.ts';
import { SECTION_PROMPTS } from './section-prompts.ts';
import { planBrief, recordSheet } from '../../../plan/plan-brief.ts';
import type { ReportPlan } from '../../../plan/build-plan.ts';
import { SYSTEM_PROMPT, SYSTEM_PROMPT_VERSION } from './system.ts';
import { PROMPT_VERSION } from './version.ts';

export interface ComposedPrompt {
  system: string;
  prompt: string;
  /** e.g. "1.0.0/system@1.0.0/risks@1.0.0": recorded with the output for traceability. */
  version: string;
}

const DATA_REQUIREMENT = {
  trl: 'This section MUST fill "trl" (level, evidence, to_reach_next).',
  risks: 'This section MUST fill "risks" with at least 6 rows covering all six categories.',
  roi: 'This section MUST fill "roi" with five years (year 1 to 5 in order).',
} as const;

/** A compact digest of finished sections, for the executive summary written last. */
export function digestSections(sections: readonly SectionContent[], maxChars = 12_000): string {
  const parts: string[] = [];
  let used = 0;
  for (const s of sections) {
    const lines = [`### ${s.title}`, ...s.summary];
    if (s.confidence) lines.push(`Confidence: ${s.confidence.level} — ${s.confidence.reason}`);
    if (s.trl) lines.push(`TRL: ${s.trl.level} (${s.trl.evidence.join('; ')})`);
    if (s.risks) {
      const top = [...s.risks].sort((a, b) => b.likelihood * b.impact - a.likelihood * a.impact).slice(0, 3);
      lines.push(`Top risks: ${top.map((r) => `${r.risk} (L${r.likelihood}×I${r.impact})`).join('; ')}`);
    }
    const text = lines.join('\n');
    if (used + text.length > maxChars) break;
    parts.push(text);
    used += text.length;
  }
  return parts.join('\n\n');
}

export interface ComposeSectionInput {
  title: string;
  complexity: Complexity;
  section: ReportSectionDef;
  outline: ReportOutline;
  priorSections?: readonly SectionContent[];
  evidence?: readonly EvidenceItem[];
  plan: ReportPlan;
  reviewFindings?: readonly string[];
  memberNote?: string;
}

/** The search results this section may use, one per line, each with the id to cite it by. */
/** The feature chart (decision 216) as the model sees it: one line per document, then what remains new. */
function chartLines(chart: FeatureChart): string[] {
  const name = (id: string) => chart.targets.find((t) => t.id === id)!;
  return [
    '## Feature chart of the closest documents (read from titles, abstracts and claims where given)',
    ...chart.targets.map((t) => `${t.id}: ${t.label}`),
    ...chart.documents.map(
      (d) =>
        `[${d.item.id}]: ${d.cells.map((c) => `${c.target} ${c.level}${c.sentence ? ` ("${c.sentence.slice(0, 160)}")` : ''}`).join('; ')}`,
    ),
    `What remains new: ${chart.novelty}`,
    `Use this chart wherever prior art matters (the closest prior art, what is new, competing approaches, maturity, IP risk); it is the finding, not a lead. ${chart.remaining.length ? `Features not disclosed in full: ${chart.remaining.map((t) => name(t.id).id).join(', ')}.` : ''}`.trim(),
  ];
}

export function evidenceBlock(
  key: ReportSectionDef['key'],
  evidence: readonly EvidenceItem[],
  chart: FeatureChart | null = null,
): string[] {
  if (evidence.length === 0) {
    return [
      '## Evidence',
      'No search results are given for this section: cite no source, and name no patent number, DOI or company as found.',
    ];
  }
  const lines = evidence.map((e) => {
    const who = e.holders.length ? ` — ${e.holders.slice(0, 3).join(', ')}` : '';
    const abstract = e.abstract ? ` Abstract: ${e.abstract.slice(0, 500)}` : '';
    return `[${e.id}] ${e.kind === 'patent' ? 'Patent' : 'Paper'} ${e.identifier} (${e.year ?? 'year unknown'})${who}: "${e.title}".${abstract}`;
  });
  const out = [
    '## Evidence found by the prior-art and literature search (closest first)',
    ...lines,
    '',
    'Use these documents where they bear on this section and cite each one where you use it, by its id in square brackets, e.g. [P1] or [W2]. Cite no other id and no other source; never write a patent number, DOI or applicant that is not listed here. These are search results, not a professional search: say so where it matters.',
  ];
  if (chart) out.push('', ...chartLines(chart));
  if (PRIOR_ART_SECTIONS.has(key) && priorArtCandidates(key, evidence).length > 0) {
    out.push(
      'Fill "prior_art" with one row per listed document that matters here, closest first: "id", "covers" (what the document covers, in one phrase from its title and abstract) and "differs" (which of the record\'s features it discloses and which it does not show, as the feature chart reads it; say when the texts are too thin to tell). Features are technical: a document that discloses the mechanism is never "different" because it lacks a market, customer or application phrase. Never tell the reader to check or read a paper\'s claims: papers have none.',
    );
  }
  return out;
}

export function composeSectionPrompt(input: ComposeSectionInput): ComposedPrompt {
  const brief = SECTION_PROMPTS[input.section.key];
  const required = requiredDataFor(input.section.key);
  const parts = [
    `Report: "${input.title}" — ${TIER_LABELS[input.complexity]} tier Technology Assessment Report.`,
    `Write the section "${input.section.title}" (key: ${input.section.key}).`,
    `The reader's question: ${input.section.question}`,
    '',
    '## Section brief',
    brief.brief,
    '',
    '## Shared outline of this report (keep consistent with it)',
    JSON.stringify(input.outline, null, 1),
  ];
  parts.push('', ...planBrief(input.plan));
  if (input.reviewFindings && input.reviewFindings.length > 0) {
    parts.push(
      '',
      '## A reviewer flagged your previous draft of this section',
      ...input.reviewFindings.map((f) => `- ${f}`),
      'Write the section again so that none of these findings applies.',
    );
  }
  if (input.memberNote) {
    parts.push(
      '',
      '## The member who owns this report says this section is wrong',
      input.memberNote,
      "Write the section again so that it answers this note. Where the note states a fact (a year, a price, a stage), the plan above already carries it: use the plan's figures, and contradict no other section.",
    );
  }
  if (input.priorSections && input.priorSections.length > 0) {
    parts.push('', '## The other sections of this report', digestSections(input.priorSections));
  }
  parts.push('', ...evidenceBlock(input.section.key, input.evidence ?? [], featureChart(input.plan.record, input.evidence ?? [])));
  parts.push('', ...recordSheet(input.plan));
  parts.push(
    '',
    required ? DATA_REQUIREMENT[required] : 'Set "trl", "risks" and "roi" to null unless this section is about maturity, risk or return.',
    'Return one JSON object matching the schema.',
  );
  return {
    system: SYSTEM_PROMPT,
    prompt: parts.join('\n'),
    version: `${PROMPT_VERSION}/system@${SYSTEM_PROMPT_VERSION}/${brief.key}@${brief.version}`,
  };
}

export function composeOutlinePrompt(input: { complexity: Complexity; plan: ReportPlan }): ComposedPrompt {
  return {
    system: OUTLINE_SYSTEM_PROMPT,
    prompt: [
      `A ${TIER_LABELS[input.complexity]} tier report will be written about the invention below, as its inventor confirmed it.`,
      '',
      OUTLINE_BRIEF,
      '',
      ...planBrief(input.plan),
      '',
      ...recordSheet(input.plan),
      '',
      'Return one JSON object matching the schema.',
    ].join('\n'),
    version: `${PROMPT_VERSION}/outline@${OUTLINE_PROMPT_VERSION}`,
  };
}
