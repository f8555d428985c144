/**
 * The one interface the report job uses to write a report, whatever writes it: a model provider
 * (OpenAI-compatible, Anthropic) or the offline analyst (offline/, the embedded default). Inputs and outputs are
 * validated data from the engine's content model.
 */
import type { Complexity, ReportSectionDef } from '@assay/shared';
import type { ReportOutline, SectionContent, TokenUsage } from '../content/report-content.ts';
import type { EvidenceItem } from '../evidence/evidence.ts';
import type { LlmProvider } from '../llm/structured-llm.ts';
import type { ReportPlan } from '../plan/build-plan.ts';

export type ReportWriterProvider = 'offline' | LlmProvider;

/** Writers read the plan (the confirmed record and what follows from it), never the raw idea. */
export interface GenerateOutlineInput {
  complexity: Complexity;
  plan: ReportPlan;
  signal?: AbortSignal;
}

export interface GenerateOutlineResult {
  title: string;
  outline: ReportOutline;
  usage: TokenUsage;
  /** Prompt version behind the output (or the offline analyst's version). */
  promptVersion: string;
}

export interface GenerateSectionInput {
  /** The report title (from the outline). */
  title: string;
  complexity: Complexity;
  section: ReportSectionDef;
  outline: ReportOutline;
  /** The other finished sections; given to the executive summary, which is written last. */
  priorSections?: readonly SectionContent[];
  /** The search results that bear on this section (evidenceForSection); the only ones it may cite. */
  evidence?: readonly EvidenceItem[];
  /** The report's plan: every section obeys it. */
  plan: ReportPlan;
  /** The reviewer's findings on an earlier draft of this section: the rewrite must resolve them. */
  reviewFindings?: readonly string[];
  /** The member's note: "this section is wrong…" (issue 27). The rewrite answers it. */
  memberNote?: string;
  signal?: AbortSignal;
}

export interface GenerateSectionResult {
  content: SectionContent;
  /** All tokens paid for this section, including failed and re-asked attempts. */
  usage: TokenUsage;
  /** Model calls made (1 when the first answer was valid). */
  attempts: number;
  promptVersion: string;
}

export interface ReportWriter {
  readonly provider: ReportWriterProvider;
  /** Model id, or 'offline-analyst@<version>'. */
  readonly model: string;
  /** True when no AI model is involved (the PDF cover says so). */
  readonly offline: boolean;
  generateOutline(input: GenerateOutlineInput): Promise<GenerateOutlineResult>;
  generateSection(input: GenerateSectionInput): Promise<GenerateSectionResult>;
}
