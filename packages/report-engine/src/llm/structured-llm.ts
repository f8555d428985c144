/**
 * The LLM provider interface: one call that returns a value validated against a zod schema.
 * Providers (OpenAI-compatible, Anthropic) implement it with timeouts, retries and re-asks;
 * callers (the report engine) bring the schema and the prompt. Nothing here knows about reports.
 */
import type { z } from 'zod';

export const LLM_PROVIDERS = ['openai-compatible', 'anthropic'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** How an answer's shape is asked of an OpenAI-compatible endpoint, most to least constrained. */
export const STRUCTURED_OUTPUT_MODES = ['json_schema', 'json_object', 'tool', 'text'] as const;
export type StructuredOutputMode = (typeof STRUCTURED_OUTPUT_MODES)[number];

/** Token usage of the model calls behind a result. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export const ZERO_USAGE: TokenUsage = Object.freeze({ inputTokens: 0, outputTokens: 0 });

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
}

export interface StructuredRequest<T> {
  schema: z.ZodType<T>;
  /** Short identifier of the output, sent to providers that name their JSON schema or tool. */
  schemaName: string;
  system: string;
  prompt: string;
  signal?: AbortSignal;
  /** Prefix for error messages, e.g. "section risks". */
  label?: string;
}

export interface StructuredResult<T> {
  value: T;
  /** Every token paid for, including failed and re-asked attempts. */
  usage: TokenUsage;
  /** Model calls made (1 when the first answer was valid). */
  attempts: number;
}

export interface StructuredLlm {
  readonly provider: LlmProvider;
  readonly model: string;
  generateObject<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>>;
}
