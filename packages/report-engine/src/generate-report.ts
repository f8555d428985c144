/**
 * The engine's one entry: an idea and a tier in, the report's content and PDF out, through the
 * ports it is given (the model or none, the evidence sources, a progress sink, a clock).
 *
 *   plan ‖ evidence → sections, each reviewed as it is written (executive summary last) → render
 *
 * Everything a resumed job needs is handed to the progress sink the moment it exists (the plan,
 * the evidence, each section), and given back in `resume`: nothing is written or searched twice.
 */
import type { Complexity, InventionRecord, SectionKey } from '@assay/shared';
import { SectionContentSchema, type ReportOutline, type SectionContent, type TokenUsage } from './content/report-content.ts';
import type { EvidenceRecord, EvidenceSource } from './evidence/evidence.ts';
import { generateReportContent, type GeneratedReportContent } from './pipeline/generate-report-content.ts';
import { Trace, type Span } from './pipeline/trace.ts';
import { reportWriterFor } from './writers/create-report-writer.ts';
import type { ReviewFinding } from './review/review.ts';
import { addUsage, type StructuredLlm } from './llm/structured-llm.ts';
import { understandIdea } from './understand-idea.ts';

export type ReportStage = 'plan' | 'sections' | 'render';

/** Where the engine reports its work as it goes; the worker persists each piece. */
export interface ProgressSink {
  stage?(stage: ReportStage): void | Promise<void>;
  /** The record the report is built on, when the engine had to read it itself (no confirmed record was given). */
  record?(record: InventionRecord, usage: TokenUsage): void | Promise<void>;
  plan?(plan: { title: string; outline: ReportOutline; usage: TokenUsage; writer: WriterIdentity }): void | Promise<void>;
  evidence?(evidence: EvidenceRecord): void | Promise<void>;
  section?(key: SectionKey, content: SectionContent, usage: TokenUsage): void | Promise<void>;
  /** The review's findings on one section, right after the section (an empty list when it was clean). */
  review?(findings: readonly ReviewFinding[]): void | Promise<void>;
}

export interface ReportPorts {
  /** The model that writes, or null for the offline analyst (no network, deterministic). */
  llm: StructuredLlm | null;
  /** The configured evidence sources; none means no search, and the report says so. */
  evidence: readonly EvidenceSource[];
  progress?: ProgressSink;
  clock?: { now(): Date };
}

export interface WriterIdentity {
  provider: string;
  model: string;
  offline: boolean;
}

export interface GenerateReportInput {
  /** Printed on the cover and in the PDF's metadata. */
  reportId: string;
  /** The idea as the member wrote it (kept with the report; the engine reads the record, not this). */
  idea: string;
  /**
   * The invention record the member confirmed: the single source of facts. When absent (the
   * spec's bare generate body), it is read from the idea first, by the writer in use.
   */
  record?: InventionRecord;
  tier: Complexity;
  /** The report's date on the cover; the clock's now when absent. */
  createdAt?: Date;
  ports: ReportPorts;
  /** What an earlier attempt stored: the plan, the evidence and the sections already written. */
  resume?: {
    plan?: { title: string; outline: ReportOutline } | null;
    evidence?: EvidenceRecord | null;
    sections?: ReadonlyMap<SectionKey, SectionContent>;
  };
  /** The member's notes on the sections being rewritten, by key (issue 27). */
  notes?: Partial<Record<SectionKey, string>>;
  /** The version this generation makes (1 for the first); the PDF names it. */
  version?: number;
  /** Sections written at once (at least 1). */
  sectionConcurrency?: number;
  signal?: AbortSignal;
}

export interface GeneratedReport extends GeneratedReportContent {
  writer: WriterIdentity;
  pdf: Buffer;
  /** The PDF's text as rendered, in reading order. */
  text: string[];
  /** The sections' bodies as rendered: what the writer wrote (what the quality measure reads). */
  writing: string[];
  /** The calls made and what each waited for (benchmarks compare the wall time with its critical path). */
  calls: readonly Span[];
}

export async function generateReport(input: GenerateReportInput): Promise<GeneratedReport> {
  const { ports } = input;
  const now = () => ports.clock?.now() ?? new Date();
  const writer = reportWriterFor(ports.llm);
  const identity: WriterIdentity = { provider: writer.provider, model: writer.model, offline: writer.offline };
  const trace = new Trace();
  const plan = input.resume?.plan ?? undefined;

  await ports.progress?.stage?.(plan ? 'sections' : 'plan');
  let record = input.record;
  let readUsage: TokenUsage | null = null;
  if (!record) {
    const understood = await trace.span('record', [], () => understandIdea({ idea: input.idea, llm: ports.llm, signal: input.signal }));
    record = understood.record;
    readUsage = understood.usage;
    await ports.progress?.record?.(record, understood.usage);
  }
  const content = await generateReportContent({
    writer,
    record,
    complexity: input.tier,
    outline: plan,
    evidence: input.resume?.evidence ?? undefined,
    evidenceSources: ports.evidence,
    now,
    alreadyDone: input.resume?.sections,
    notes: input.notes,
    concurrency: input.sectionConcurrency,
    signal: input.signal,
    trace,
    onOutline: async (title, outline, usage) => {
      await ports.progress?.plan?.({ title, outline, usage, writer: identity });
      await ports.progress?.stage?.('sections');
    },
    onEvidence: (record) => ports.progress?.evidence?.(record),
    onSectionDone: async (key, section, usage, findings) => {
      await ports.progress?.section?.(key, section, usage);
      await ports.progress?.review?.(findings);
    },
  });

  // Each section was reviewed as it was written (inside its own span); its findings went to the sink with it.
  await ports.progress?.stage?.('render');
  const all = content.sections.map((s) => `section:${s.key}`);
  // The PDF code (pdfkit, fontkit, the fonts' shaping) loads here, on a report's first render,
  // not when a process that may never render one starts (decision 124).
  const { renderReportPdf } = await import('./pdf/render-report-pdf.ts');
  const rendered = await trace.span('render', all, () =>
    renderReportPdf({
      reportId: input.reportId,
      title: content.title,
      record,
      complexity: input.tier,
      createdAt: input.createdAt ?? now(),
      sections: content.sections,
      offline: writer.offline,
      evidence: content.evidence,
      version: input.version,
    }),
  );
  return {
    ...content,
    usage: readUsage ? addUsage(content.usage, readUsage) : content.usage,
    writer: identity,
    pdf: rendered.pdf,
    text: rendered.text,
    writing: rendered.writing,
    calls: trace.spans,
  };
}

/** A section stored by an earlier attempt, or null when it no longer fits the content model (it is written again). */
export function parseStoredSection(content: unknown): SectionContent | null {
  const parsed = SectionContentSchema.safeParse(content);
  return parsed.success ? (parsed.data as SectionContent) : null;
}
