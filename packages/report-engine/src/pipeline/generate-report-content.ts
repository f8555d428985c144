/**
 * The writing half of the pipeline: the plan (outline) and the research (evidence) at the same
 * time, then every section through runSections (each shown the evidence that bears on it), the
 * executive summary last, and the plain-text preview. Pure orchestration: persistence is the
 * caller's, through the callbacks.
 */
import { EXECUTIVE_SUMMARY_KEY, sectionsFor, type Complexity, type SectionKey } from '@assay/shared';
import type { ReportWriter } from '../writers/report-writer.ts';
import { addUsage, ZERO_USAGE, type ReportOutline, type SectionContent, type TokenUsage } from '../content/report-content.ts';
import { executiveSummaryPreview } from '../content/content-preview.ts';
import { evidenceForSection } from '../evidence/citations.ts';
import type { EvidenceRecord, EvidenceSource } from '../evidence/evidence.ts';
import { gatherEvidence } from '../evidence/gather-evidence.ts';
import { runSections } from './run-sections.ts';
import type { InventionRecord } from '@assay/shared';
import { buildReportPlan, type ReportPlan } from '../plan/build-plan.ts';
import type { ReviewFinding } from '../review/review.ts';
import { reviewSection } from '../review/review-section.ts';
import { Trace } from './trace.ts';

export interface GenerateReportContentInput {
  writer: ReportWriter;
  /** The confirmed invention record: the single source of facts (the idea itself is not read here). */
  record: InventionRecord;
  complexity: Complexity;
  /** A stored outline (resume): skips the outline call. */
  outline?: { title: string; outline: ReportOutline };
  /** Stored evidence (resume): the sources are not asked again. */
  evidence?: EvidenceRecord;
  /** Sources to search when there is no stored evidence; none means no search (and the report says so). */
  evidenceSources?: readonly EvidenceSource[];
  now?: () => Date;
  alreadyDone?: ReadonlyMap<string, SectionContent>;
  /** The member's notes on sections to rewrite ("this section is wrong…"), by key. */
  notes?: Partial<Record<SectionKey, string>>;
  concurrency?: number;
  signal?: AbortSignal;
  trace?: Trace;
  /** Persist the outline before sections start. */
  onOutline?: (title: string, outline: ReportOutline, usage: TokenUsage) => void | Promise<void>;
  /** Persist the evidence before sections start (a resumed job does not search again). */
  onEvidence?: (evidence: EvidenceRecord) => void | Promise<void>;
  /** Persist each section (and its usage) as soon as it is written. */
  onSectionDone?: (key: SectionKey, content: SectionContent, usage: TokenUsage, findings: readonly ReviewFinding[]) => void | Promise<void>;
}

export interface GeneratedReportContent {
  /** The plan every section followed (field, name, stated facts, the one assumptions object). */
  plan: ReportPlan;
  /** What the review found in this run's sections, and what was done about each finding. */
  review: ReviewFinding[];
  title: string;
  outline: ReportOutline;
  evidence: EvidenceRecord;
  sections: SectionContent[];
  /** Plain-text executive summary, at most ~1,200 characters (content_preview). */
  preview: string;
  /** Tokens used by this run (not by sections resumed from alreadyDone). */
  usage: TokenUsage;
}

export async function generateReportContent(input: GenerateReportContentInput): Promise<GeneratedReportContent> {
  const trace = input.trace ?? new Trace();
  let usage = ZERO_USAGE;
  // The plan is fixed once, before anything is written; deterministic, so a resumed job rebuilds the same one.
  const plan = buildReportPlan(input.record, (input.now ?? (() => new Date()))());
  const review: ReviewFinding[] = [];
  const planning = input.outline
    ? Promise.resolve(input.outline)
    : trace.span('plan', [], async () => {
        const o = await input.writer.generateOutline({ complexity: input.complexity, plan, signal: input.signal });
        usage = addUsage(usage, o.usage);
        await input.onOutline?.(o.title, o.outline, o.usage);
        return { title: o.title, outline: o.outline };
      });
  const researching = input.evidence
    ? Promise.resolve(input.evidence)
    : trace.span('evidence', [], async () => {
        const record = await gatherEvidence({
          plan,
          sources: input.evidenceSources ?? [],
          now: input.now ?? (() => new Date()),
          signal: input.signal,
        });
        await input.onEvidence?.(record);
        return record;
      });
  // Both run at once; a failed plan still waits for the searches, so nothing outlives the call.
  const [planned, researched] = await Promise.allSettled([planning, researching]);
  if (planned.status === 'rejected') throw planned.reason;
  if (researched.status === 'rejected') throw researched.reason;
  const { title, outline } = planned.value;
  const evidence = researched.value;
  const usageByKey = new Map<string, TokenUsage>();
  const findingsByKey = new Map<string, ReviewFinding[]>();
  const all = sectionsFor(input.complexity);
  const sectionSpan = (key: string) => `section:${key}`;
  const sections = await runSections({
    sections: all,
    concurrency: input.concurrency ?? 4,
    alreadyDone: input.alreadyDone,
    signal: input.signal,
    generate: (section, completed) =>
      trace.span(
        sectionSpan(section.key),
        section.key === EXECUTIVE_SUMMARY_KEY
          ? all.filter((s) => s.key !== section.key).map((s) => sectionSpan(s.key))
          : ['plan', 'evidence'],
        async () => {
          const request = {
            title,
            complexity: input.complexity,
            section,
            outline,
            priorSections: section.key === EXECUTIVE_SUMMARY_KEY ? completed : undefined,
            evidence: evidenceForSection(section.key, evidence),
            plan,
            signal: input.signal,
            ...(input.notes?.[section.key] ? { memberNote: input.notes[section.key] } : {}),
          };
          const r = await input.writer.generateSection(request);
          // Review at once, inside this section's span: flagged sections are rewritten in parallel with the others.
          const reviewed = await reviewSection(
            r.content,
            { plan, evidence: request.evidence },
            input.writer.offline ? null : (findings) => input.writer.generateSection({ ...request, reviewFindings: findings }),
            r.usage,
          );
          review.push(...reviewed.findings);
          findingsByKey.set(section.key, reviewed.findings);
          usageByKey.set(section.key, reviewed.usage);
          usage = addUsage(usage, reviewed.usage);
          return reviewed.content;
        },
      ),
    onSectionDone: (key, content) => input.onSectionDone?.(key, content, usageByKey.get(key) ?? ZERO_USAGE, findingsByKey.get(key) ?? []),
  });
  const summary = sections.find((s) => s.key === EXECUTIVE_SUMMARY_KEY);
  const order = new Map(all.map((d, i) => [d.key as string, i]));
  review.sort((x, y) => (order.get(x.section) ?? 0) - (order.get(y.section) ?? 0));
  return { plan, review, title, outline, evidence, sections, preview: summary ? executiveSummaryPreview(summary) : '', usage };
}
