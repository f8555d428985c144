/**
 * What an OpenAI-compatible endpoint accepts, learnt from its own rejections. "OpenAI-compatible"
 * covers OpenAI's reasoning models (which refuse `max_tokens` and any temperature but the
 * default), and vLLM, llama.cpp, DeepSeek or OpenRouter routes that refuse `json_schema`, JSON
 * mode or tools. A 400 that names such a parameter moves this endpoint one step down and the call
 * is sent again; the step is kept for every later call of the process, so only the first call
 * pays for it.
 */
import { APICallError } from 'ai';
import type { StructuredOutputMode } from './structured-llm.ts';

export interface EndpointDialect {
  readonly structured: StructuredOutputMode;
  /** The request body as this endpoint accepts it (`transformRequestBody` of the AI SDK provider). */
  adaptBody(body: Record<string, unknown>): Record<string, unknown>;
  /** Learns from a rejection; true when something changed and the same call is worth sending again. */
  learnFrom(error: unknown): boolean;
}

/** OpenAI's reasoning families: known up front, so their first call is not a rejected one. */
const REASONING_MODEL = /^(?:openai\/)?(?:o\d|gpt-5)/i;

export function createEndpointDialect(opts: { model: string; structuredOutput: StructuredOutputMode | 'auto' }): EndpointDialect {
  const reasoning = REASONING_MODEL.test(opts.model);
  let tokenLimit: 'max_tokens' | 'max_completion_tokens' | 'none' = reasoning ? 'max_completion_tokens' : 'max_tokens';
  let temperature = !reasoning;
  let structured: StructuredOutputMode = opts.structuredOutput === 'auto' ? 'json_schema' : opts.structuredOutput;
  const forced = opts.structuredOutput !== 'auto';

  return {
    get structured() {
      return structured;
    },
    adaptBody(body) {
      const out = { ...body };
      if (tokenLimit !== 'max_tokens' && 'max_tokens' in out) {
        if (tokenLimit === 'max_completion_tokens' && out.max_tokens !== undefined) out.max_completion_tokens = out.max_tokens;
        delete out.max_tokens;
      }
      if (!temperature) delete out.temperature;
      // JSON mode and plain text carry the schema in the instructions instead (ai-sdk-llm.ts).
      if (structured === 'json_object' && out.response_format) out.response_format = { type: 'json_object' };
      if (structured === 'text') delete out.response_format;
      return out;
    },
    learnFrom(error) {
      const refused = refusal(error);
      if (!refused) return false;
      if (refused.includes('max_tokens') && tokenLimit === 'max_tokens') {
        tokenLimit = 'max_completion_tokens';
        return true;
      }
      if (refused.includes('max_completion_tokens') && tokenLimit === 'max_completion_tokens') {
        tokenLimit = 'none';
        return true;
      }
      if (refused.includes('temperature') && temperature) {
        temperature = false;
        return true;
      }
      if (forced) return false;
      if (structured === 'json_schema' && /response_format|json_schema|structured output/.test(refused)) {
        structured = 'json_object';
        return true;
      }
      if (structured === 'json_object' && /response_format|json_object|json mode/.test(refused)) {
        structured = 'tool';
        return true;
      }
      if (structured === 'tool' && /\btools?\b|tool_choice|function/.test(refused)) {
        structured = 'text';
        return true;
      }
      return false;
    },
  };
}

/**
 * The parameter a 400 (or 422) refuses, as the lower-cased `param` and message of the provider's
 * error body; undefined for any other failure (a bad key, an unknown model, a server error).
 */
function refusal(error: unknown): string | undefined {
  if (!APICallError.isInstance(error) || (error.statusCode !== 400 && error.statusCode !== 422)) return undefined;
  let param = '';
  let message = error.message;
  try {
    const body = JSON.parse(error.responseBody ?? '') as { error?: { param?: unknown; message?: unknown } | string; message?: unknown };
    const e = typeof body.error === 'object' && body.error ? body.error : undefined;
    if (typeof e?.param === 'string') param = e.param;
    if (typeof e?.message === 'string') message = e.message;
    else if (typeof body.error === 'string') message = body.error;
    else if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON: the message the SDK read from the response is all there is.
  }
  const text = `${param} ${message}`.toLowerCase();
  // Only refusals of a parameter or a value: "invalid API key" or "model not found" are not ours to adapt to.
  return /unsupported|not supported|unavailable|does not support|unknown (?:parameter|field)|unrecognized|not allowed|invalid parameter/.test(
    text,
  )
    ? text
    : undefined;
}
