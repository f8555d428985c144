/**
 * Configuration of report generation's model provider. The lead maps environment variables
 * onto this (env.ts is the only reader of process.env); `llmConfigSchema` validates and fills
 * defaults. `provider: 'offline'` means no model: the offline analyst (offline/) writes.
 */
import { z } from 'zod';
import { LLM_PROVIDERS, STRUCTURED_OUTPUT_MODES } from './structured-llm.ts';

export const llmConfigSchema = z
  .object({
    provider: z.enum(['offline', ...LLM_PROVIDERS]).default('offline'),
    /** OpenAI-compatible: the API root, e.g. https://api.openai.com/v1. Anthropic: optional proxy root. */
    baseUrl: z.url().optional(),
    apiKey: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    /** Per model call; a call that takes longer is aborted and retried. */
    timeoutMs: z.number().int().positive().default(120_000),
    /** Retries of transient failures (429, 5xx, network, timeout) per call. */
    maxRetries: z.number().int().min(0).max(10).default(3),
    /** Model answers per call before giving up on output that does not validate. */
    maxSchemaAttempts: z.number().int().min(1).max(5).default(3),
    /** Use streaming responses (keeps long generations alive through proxies). */
    stream: z.boolean().default(false),
    /** First backoff delay; doubles on each retry (with jitter). */
    retryBaseDelayMs: z.number().int().min(0).default(1_000),
    /** Longest wait accepted, including a provider's Retry-After; longer fails as rate_limited. */
    maxRetryDelayMs: z.number().int().min(0).default(60_000),
    maxOutputTokens: z.number().int().positive().default(8_000),
    temperature: z.number().min(0).max(2).optional(),
    /**
     * OpenAI-compatible endpoints: how the answer's shape is asked for. "auto" starts with a JSON
     * schema and steps down (JSON mode, a forced tool call, plain text) at the endpoint's first
     * refusal; a mode given here is used as is.
     */
    structuredOutput: z.enum(['auto', ...STRUCTURED_OUTPUT_MODES]).default('auto'),
  })
  .superRefine((c, ctx) => {
    if (c.provider === 'offline') return;
    if (!c.model) ctx.addIssue({ code: 'custom', path: ['model'], message: `model is required for ${c.provider}` });
    // Local OpenAI-compatible servers (vLLM, llama.cpp, Ollama) often need no key; Anthropic always does.
    if (c.provider === 'anthropic' && !c.apiKey) {
      ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'apiKey is required for anthropic' });
    }
    // OpenAI-compatible endpoints take 0..2; Anthropic's Messages API refuses a temperature above 1 with a 400.
    if (c.provider === 'anthropic' && c.temperature !== undefined && c.temperature > 1) {
      ctx.addIssue({ code: 'custom', path: ['temperature'], message: 'temperature must be at most 1 for anthropic' });
    }
    if (c.provider === 'openai-compatible' && !c.baseUrl) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'baseUrl is required for openai-compatible' });
    }
  });

/** What callers pass: defaults may be omitted. */
export type LlmConfigInput = z.input<typeof llmConfigSchema>;
/** After validation: every default filled in. */
export type LlmConfig = z.output<typeof llmConfigSchema>;

/** The names the rest of the server uses for the same configuration. */
export const reportWriterConfigSchema = llmConfigSchema;
export type ReportWriterConfigInput = LlmConfigInput;
export type ReportWriterConfig = LlmConfig;
