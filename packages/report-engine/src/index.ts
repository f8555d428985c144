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
export { llmConfigSchema, type LlmConfigInput } from './writers/config.ts';
export type { StructuredLlm } from './writers/llm/structured-llm.ts';
export { createEvidenceSources, evidenceConfigSchema, type EvidenceConfigInput } from './evidence/config.ts';
export { buildReportPlan, type ReportPlan, type Assumptions } from './plan/report-plan.ts';
export { FINDING_KINDS, type FindingKind, type ReviewFinding } from './review/review.ts';
export { criticalPathMs, wallMs, type Span } from './pipeline/trace.ts';
