/** Builds the configured model provider. */
import { createAnthropicLlm } from './anthropic.ts';
import { llmConfigSchema, type LlmConfig, type LlmConfigInput } from '../config.ts';
import { LlmError } from './errors.ts';
import { createOpenAICompatibleLlm } from './openai-compatible.ts';
import type { StructuredLlm } from './structured-llm.ts';

/** Validates the configuration, listing every problem in one error. */
export function parseLlmConfig(input: LlmConfigInput): LlmConfig {
  const parsed = llmConfigSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ');
    throw new LlmError('config', `Invalid LLM configuration: ${problems}`);
  }
  return parsed.data;
}

export function createStructuredLlm(input: LlmConfigInput): StructuredLlm {
  const config = parseLlmConfig(input);
  switch (config.provider) {
    case 'openai-compatible':
      return createOpenAICompatibleLlm(config);
    case 'anthropic':
      return createAnthropicLlm(config);
    case 'offline':
      throw new LlmError('config', 'provider "offline" has no model: the offline analyst writes instead');
  }
}
