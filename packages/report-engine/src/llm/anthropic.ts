/** Anthropic's Messages API. The AI SDK chooses native structured output or a forced JSON tool per model. */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAiSdkLlm } from './ai-sdk-llm.ts';
import type { LlmConfig } from './config.ts';
import { LlmError } from './errors.ts';
import type { StructuredLlm } from './structured-llm.ts';

export function createAnthropicLlm(config: LlmConfig): StructuredLlm {
  // The key is passed explicitly so the SDK never falls back to reading process.env itself.
  if (!config.apiKey || !config.model) {
    throw new LlmError('config', 'anthropic provider needs apiKey and model');
  }
  const provider = createAnthropic({
    apiKey: config.apiKey,
    ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
  });
  return createAiSdkLlm({ provider: 'anthropic', model: provider.messages(config.model), modelId: config.model, config });
}
