/** Any OpenAI-compatible Chat Completions endpoint (OpenAI, gateways, vLLM, llama.cpp, Ollama, …). */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAiSdkLlm } from './ai-sdk-llm.ts';
import type { LlmConfig } from './config.ts';
import { createEndpointDialect } from './endpoint-dialect.ts';
import { LlmError } from './errors.ts';
import type { StructuredLlm } from './structured-llm.ts';

export function createOpenAICompatibleLlm(config: LlmConfig): StructuredLlm {
  if (!config.baseUrl || !config.model) {
    throw new LlmError('config', 'openai-compatible provider needs baseUrl and model');
  }
  const dialect = createEndpointDialect({ model: config.model, structuredOutput: config.structuredOutput });
  const provider = createOpenAICompatible({
    name: 'assay',
    baseURL: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    // Send the JSON schema as response_format json_schema (otherwise only json_object is sent
    // and the model never sees the schema), and ask for usage on streams too.
    supportsStructuredOutputs: true,
    includeUsage: true,
    transformRequestBody: (body) => dialect.adaptBody(body),
  });
  return createAiSdkLlm({
    provider: 'openai-compatible',
    model: provider.chatModel(config.model),
    modelId: config.model,
    config,
    dialect,
    // Non-strict: endpoints differ in which JSON-schema keywords strict mode accepts (length and
    // item bounds are often rejected with a 400). The schema still guides the model, and every
    // answer is validated with zod and re-asked when it does not match.
    providerOptions: { assay: { strictJsonSchema: false } },
  });
}
