/**
 * Picks the report writer: the offline analyst (the embedded default, no network) or a model
 * provider behind the same ReportWriter interface.
 */
import type { ReportWriterConfigInput } from '../llm/config.ts';
import { createStructuredLlm, parseLlmConfig } from '../llm/create-structured-llm.ts';
import { createLlmReportWriter } from './llm/llm-report-writer.ts';
import type { StructuredLlm } from '../llm/structured-llm.ts';
import { createAnalystWriter } from './analyst/analyst-writer.ts';
import type { ReportWriter } from './report-writer.ts';

export type { ReportWriterConfig, ReportWriterConfigInput } from '../llm/config.ts';

/**
 * The model port from configuration (`{ provider: 'offline' | 'openai-compatible' | 'anthropic',
 * baseUrl?, apiKey?, model?, timeoutMs?, … }`, defaults from llmConfigSchema): null for offline.
 * Throws LlmError('config') listing every problem.
 */
export function createLlm(config: ReportWriterConfigInput): StructuredLlm | null {
  const parsed = parseLlmConfig(config);
  return parsed.provider === 'offline' ? null : createStructuredLlm(parsed);
}

/** The writer for a model, or the offline analyst when there is none. */
export function reportWriterFor(llm: StructuredLlm | null): ReportWriter {
  return llm ? createLlmReportWriter(llm) : createAnalystWriter();
}

export function createReportWriter(config: ReportWriterConfigInput): ReportWriter {
  return reportWriterFor(createLlm(config));
}
