/**
 * One call for the job worker: outline (unless resumed), every section through runSections,
 * the executive summary last, and the plain-text preview. Pure orchestration: persistence is
 * the caller's, through the callbacks.
 */
import { EXECUTIVE_SUMMARY_KEY, sectionsFor, type Complexity, type SectionKey } from '@assay/shared';
import type { ReportWriter } from '../../../adapters/llm/report-writer.ts';
import { addUsage, ZERO_USAGE, type ReportOutline, type SectionContent, type TokenUsage } from './content-schema.ts';
import { executiveSummaryPreview } from './content-preview.ts';
import { runSections } from './run-sections.ts';

export interface GenerateReportContentInput {
  writer: ReportWriter;
  idea: string;
  complexity: Complexity;
  /** A stored outline (resume): skips the outline call. */
  outline?: { title: string; outline: ReportOutline };
  alreadyDone?: ReadonlyMap<string, SectionContent>;
  concurrency?: number;
  signal?: AbortSignal;
  /** Persist the outline before sections start. */
  onOutline?: (title: string, outline: ReportOutline, usage: TokenUsage) => void | Promise<void>;
  /** Persist each section (and its usage) as soon as it is written. */
  onSectionDone?: (key: SectionKey, content: SectionContent, usage: TokenUsage) => void | Promise<void>;
}

export interface GeneratedReportContent {
  title: string;
  outline: ReportOutline;
  sections: SectionContent[];
  /** Plain-text executive summary, at most ~1,200 characters (content_preview). */
  preview: string;
  /** Tokens used by this run (not by sections resumed from alreadyDone). */
  usage: TokenUsage;
}

export async function generateReportContent(input: GenerateReportContentInput): Promise<GeneratedReportContent> {
  let usage = ZERO_USAGE;
  let planned = input.outline;
  if (!planned) {
    const o = await input.writer.generateOutline({ idea: input.idea, complexity: input.complexity, signal: input.signal });
    usage = addUsage(usage, o.usage);
    planned = { title: o.title, outline: o.outline };
    await input.onOutline?.(o.title, o.outline, o.usage);
  }
  const { title, outline } = planned;
  const usageByKey = new Map<string, TokenUsage>();
  const sections = await runSections({
    sections: sectionsFor(input.complexity),
    concurrency: input.concurrency ?? 4,
    alreadyDone: input.alreadyDone,
    signal: input.signal,
    generate: async (section, completed) => {
      const r = await input.writer.generateSection({
        idea: input.idea,
        title,
        complexity: input.complexity,
        section,
        outline,
        priorSections: section.key === EXECUTIVE_SUMMARY_KEY ? completed : undefined,
        signal: input.signal,
      });
      usageByKey.set(section.key, r.usage);
      usage = addUsage(usage, r.usage);
      return r.content;
    },
    onSectionDone: (key, content) => input.onSectionDone?.(key, content, usageByKey.get(key) ?? ZERO_USAGE),
  });
  const summary = sections.find((s) => s.key === EXECUTIVE_SUMMARY_KEY);
  return { title, outline, sections, preview: summary ? executiveSummaryPreview(summary) : '', usage };
}
