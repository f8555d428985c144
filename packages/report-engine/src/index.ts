/**
 * @assay/report-engine — from an idea to a report's content and PDF, without database or HTTP.
 * One entry, generateReport; the rest here builds its ports from configuration and reads back
 * what an earlier attempt stored.
 */
export {
  generateReport,
  parseStoredSection,
  type GenerateReportInput,
  type GeneratedReport,
  type ProgressSink,
  type ReportPorts,
  type ReportStage,
  type WriterIdentity,
} from './generate-report.ts';
export type { ReportOutline, SectionContent, TokenUsage } from './content/report-content.ts';
export { parseEvidenceRecord, type EvidenceRecord, type EvidenceSource } from './evidence/evidence.ts';
// Ports' production implementations, from configuration (the server maps its environment onto these).
export { createLlm } from './writers/create-report-writer.ts';
export { llmConfigSchema, type LlmConfigInput } from './llm/config.ts';
export { STRUCTURED_OUTPUT_MODES, type StructuredLlm } from './llm/structured-llm.ts';
export { LlmError } from './llm/errors.ts';
export { understandIdea, type UnderstandIdeaInput, type UnderstoodIdea } from './understand-idea.ts';
export { createEvidenceSources, evidenceConfigSchema, type EvidenceConfigInput, type EvidencePorts } from './evidence/config.ts';
export type { RateGate, RateLimit } from './evidence/budget.ts';
export { cacheKey as searchCacheKey, SEARCH_CACHE_TTL_MS, type SearchCache } from './evidence/cache.ts';
export type { SourceEvent, SourceUsageSink } from './evidence/usage.ts';
export { SearchError } from './evidence/http.ts';
export { buildReportPlan, type ReportPlan } from './plan/build-plan.ts';
export {
  figureStatement,
  figureText,
  figuresFromNote,
  sectionsStating,
  statedLaunchYear,
  statedPrice,
  type FigureChange,
} from './plan/stated-figures.ts';
export { readRecord } from './record/read-record.ts';
export { FINDING_KINDS, type FindingKind, type ReviewFinding } from './review/review.ts';
export { sectionPlainText } from './content/section-text.ts';
export { criticalPathMs, wallMs, type Span } from './pipeline/trace.ts';
// Invoices and credit notes draw with the report's text stack (one set of fonts and script fallbacks).
export { openPdfDocument, type PdfDocument, type TextStyle } from './pdf/document.ts';
export { renderReport, type RenderReportInput } from './render-report.ts';
export type { ExpertReviewSection } from './pdf/expert-review.ts';
