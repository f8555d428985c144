/**
 * Picks the report writer from configuration: the offline analyst (the embedded default, no
 * network) or a model provider from adapters/llm behind the same ReportWriter interface.
 */
import type { ReportWriterConfigInput } from './config.ts';
import { createStructuredLlm, parseLlmConfig } from './create-structured-llm.ts';
import { createLlmReportWriter } from './llm-report-writer.ts';
import { createOfflineWriter } from './offline/offline-writer.ts';
import type { ReportWriter } from './report-writer.ts';

export type { ReportWriterConfig, ReportWriterConfigInput } from './config.ts';

/**
 * `config`: `{ provider: 'offline' | 'openai-compatible' | 'anthropic', baseUrl?, apiKey?, model?,
 * timeoutMs?, maxRetries?, stream?, … }`; omitted fields take the defaults of llmConfigSchema.
 * Throws LlmError('config') listing every problem.
 */
export function createReportWriter(config: ReportWriterConfigInput): ReportWriter {
  const parsed = parseLlmConfig(config);
  return parsed.provider === 'offline' ? createOfflineWriter() : createLlmReportWriter(createStructuredLlm(parsed));
}
