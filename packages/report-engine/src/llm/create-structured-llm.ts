/** Builds the configured model provider. */
import { llmConfigSchema, type LlmConfig, type LlmConfigInput } from './config.ts';
import { LlmError } from './errors.ts';
import type { LlmProvider, StructuredLlm } from './structured-llm.ts';

/** Validates the configuration, listing every problem in one error. */
export function parseLlmConfig(input: LlmConfigInput): LlmConfig {
  const parsed = llmConfigSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ');
    throw new LlmError('config', `Invalid LLM configuration: ${problems}`);
  }
  return parsed.data;
}

/** Each provider's module, with the AI SDK it brings (~20 MB resident), loaded on the first call. */
const PROVIDERS: Record<LlmProvider, (config: LlmConfig) => Promise<StructuredLlm>> = {
  'openai-compatible': async (config) => (await import('./openai-compatible.ts')).createOpenAICompatibleLlm(config),
  anthropic: async (config) => (await import('./anthropic.ts')).createAnthropicLlm(config),
};

/**
 * The configured provider. The configuration is checked now; the provider's SDK loads on the
 * first call, so a server that writes reports offline never loads it.
 */
export function createStructuredLlm(input: LlmConfigInput): StructuredLlm {
  const config = parseLlmConfig(input);
  if (config.provider === 'offline') throw new LlmError('config', 'provider "offline" has no model: the offline analyst writes instead');
  const { provider, model = '' } = config;
  let llm: Promise<StructuredLlm> | undefined;
  return {
    provider,
    model,
    async generateObject(request) {
      llm ??= PROVIDERS[provider](config).catch((err: unknown) => {
        llm = undefined; // a failed load is tried again on the next call
        throw err;
      });
      return (await llm).generateObject(request);
    },
  };
}
