/**
 * A StructuredLlm over any AI SDK language model: structured output against a zod schema,
 * a timeout per model call, retries with exponential backoff that honour Retry-After, and a
 * bounded re-ask when the answer does not validate. Retries are ours (the SDK's are turned
 * off) so that timeouts are retried too and test delays can be small.
 */
import {
  APICallError,
  generateText,
  NoObjectGeneratedError,
  Output,
  streamText,
  tool,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
} from 'ai';
import { z } from 'zod';
import type { LlmConfig } from './config.ts';
import type { EndpointDialect } from './endpoint-dialect.ts';
import { LlmError, type LlmErrorCode } from './errors.ts';
import { backoffMs, retryAfterMs, sleep } from '../lib/retry-policy.ts';
import {
  addUsage,
  ZERO_USAGE,
  type LlmProvider,
  type StructuredLlm,
  type StructuredRequest,
  type StructuredResult,
  type TokenUsage,
} from './structured-llm.ts';

export interface AiSdkLlmOptions {
  provider: LlmProvider;
  model: Exclude<LanguageModel, string>;
  modelId: string;
  /** What the endpoint accepts (OpenAI-compatible endpoints differ); absent: a JSON schema is always accepted. */
  dialect?: Pick<EndpointDialect, 'structured' | 'learnFrom'>;
  /** Provider-specific options sent with every call. */
  providerOptions?: Record<string, Record<string, string | number | boolean>>;
  config: Pick<
    LlmConfig,
    'timeoutMs' | 'maxRetries' | 'maxSchemaAttempts' | 'stream' | 'retryBaseDelayMs' | 'maxRetryDelayMs' | 'maxOutputTokens' | 'temperature'
  >;
}

type Attempt<T> = { ok: true; value: T; usage: TokenUsage } | { ok: false; text: string; issues: string; usage: TokenUsage };

class CallTimeout extends Error {
  constructor(ms: number) {
    super(`model call timed out after ${ms} ms`);
  }
}

const toUsage = (u: LanguageModelUsage | undefined): TokenUsage => ({
  inputTokens: u?.inputTokens ?? 0,
  outputTokens: u?.outputTokens ?? 0,
});

/** Parses model text as JSON (tolerating a Markdown code fence) and validates it. */
export function parseStructured<T>(text: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; issues: string } {
  const unfenced = text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch (e) {
    return { ok: false, issues: `The reply is not valid JSON (${(e as Error).message}).` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 12)
    .map((i) => `- ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('\n');
  return { ok: false, issues: `The reply does not match the schema:\n${issues}` };
}

/** The schema spelt out for endpoints that take none in the request. */
function schemaInstructions(schema: z.ZodType): string {
  return `Reply with ONE JSON object, and nothing else, that matches this JSON Schema:\n${JSON.stringify(z.toJSONSchema(schema))}`;
}

/** A forced tool call's arguments as JSON text (empty when the model made no call). */
function toolInput(calls: readonly unknown[]): string {
  const input = (calls[0] as { input?: unknown } | undefined)?.input;
  if (input === undefined) return '';
  return typeof input === 'string' ? input : JSON.stringify(input);
}

function reaskMessage(issues: string): string {
  return `${issues}\n\nReply again with ONE JSON object that matches the schema exactly: every required field present, correct types, array and string limits respected. No prose outside the JSON.`;
}

interface Classified {
  code: LlmErrorCode;
  transient: boolean;
  retryAfterMs?: number;
  status?: number;
}

function classify(error: unknown): Classified {
  if (error instanceof CallTimeout) return { code: 'timeout', transient: true };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const hint = retryAfterMs(error.responseHeaders);
    if (status === 429) return { code: 'rate_limited', transient: true, retryAfterMs: hint, status };
    if (error.isRetryable) return { code: 'provider_unavailable', transient: true, retryAfterMs: hint, status };
    return { code: 'provider_rejected', transient: false, status };
  }
  // Anything else (a malformed response envelope, a dropped stream) is treated as transient.
  return { code: 'provider_unavailable', transient: true };
}

export function createAiSdkLlm(options: AiSdkLlmOptions): StructuredLlm {
  const { model, config } = options;

  async function attemptOnce<T>(
    schema: z.ZodType<T>,
    schemaName: string,
    system: string,
    messages: ModelMessage[],
    callerSignal: AbortSignal | undefined,
  ): Promise<Attempt<T>> {
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new CallTimeout(config.timeoutMs)), config.timeoutMs);
    const abortSignal = callerSignal ? AbortSignal.any([callerSignal, timer.signal]) : timer.signal;
    const mode = options.dialect?.structured ?? 'json_schema';
    // Without a schema in the request (JSON mode, plain text) the model reads it in the instructions.
    const schemaInPrompt = mode === 'json_object' || mode === 'text';
    const common = {
      model,
      // AI SDK 7 names the system prompt `instructions` (`system` is a deprecated alias).
      instructions: schemaInPrompt ? `${system}\n\n${schemaInstructions(schema)}` : system,
      messages,
      maxRetries: 0,
      abortSignal,
      maxOutputTokens: config.maxOutputTokens,
      ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
      ...(options.providerOptions ? { providerOptions: options.providerOptions } : {}),
      // Tool mode: the answer is the arguments of one forced call of a tool whose input is the schema.
      ...(mode === 'tool'
        ? {
            tools: { [schemaName]: tool({ description: `Give the ${schemaName} answer.`, inputSchema: schema }) },
            toolChoice: { type: 'tool' as const, toolName: schemaName },
          }
        : { output: Output.object({ schema, name: schemaName }) }),
    };
    const checked = (text: string, usage: TokenUsage): Attempt<T> => {
      const check = parseStructured(text, schema);
      return check.ok ? { ok: true, value: check.value, usage } : { ok: false, text, issues: check.issues, usage };
    };
    try {
      if (!config.stream) {
        try {
          const result = await generateText(common);
          // One step (no stopWhen): `usage` and `toolCalls`, which AI SDK 7 sums over all steps, are this call's.
          if (mode === 'tool') return checked(toolInput(result.toolCalls), toUsage(result.usage));
          return { ok: true, value: result.output as T, usage: toUsage(result.usage) };
        } catch (e) {
          if (!NoObjectGeneratedError.isInstance(e)) throw e;
          const text = e.text ?? '';
          const check = parseStructured(text, schema);
          const issues = check.ok ? 'The reply could not be read as the requested object.' : check.issues;
          return { ok: false, text, issues, usage: toUsage(e.usage) };
        }
      }
      const result = streamText({ ...common, onError: () => {} });
      let text = '';
      const calls: unknown[] = [];
      let usage: TokenUsage = ZERO_USAGE;
      for await (const part of result.stream) {
        if (part.type === 'text-delta') text += part.text;
        else if (part.type === 'tool-call') calls.push(part);
        else if (part.type === 'error') throw part.error;
        else if (part.type === 'finish') usage = toUsage(part.totalUsage);
        else if (part.type === 'abort') throw abortSignal.reason ?? new Error('stream aborted');
      }
      return checked(mode === 'tool' ? toolInput(calls) : text, usage);
    } catch (e) {
      if (timer.signal.aborted && !callerSignal?.aborted) throw new CallTimeout(config.timeoutMs);
      throw e;
    } finally {
      clearTimeout(timeout);
    }
  }

  async function generateObject<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const { schema, schemaName, system, prompt, signal } = request;
    const what = request.label ?? schemaName;
    let messages: ModelMessage[] = [{ role: 'user', content: prompt }];
    let usage: TokenUsage = ZERO_USAGE;
    let attempts = 0;
    let transientFailures = 0;
    let invalidAnswers = 0;
    for (;;) {
      if (signal?.aborted) throw new LlmError('aborted', `${what}: aborted`, { attempts, usage, cause: signal.reason });
      attempts++;
      let outcome: Attempt<T>;
      try {
        outcome = await attemptOnce(schema, schemaName, system, messages, signal);
      } catch (error) {
        if (signal?.aborted) throw new LlmError('aborted', `${what}: aborted`, { attempts, usage, cause: error });
        // A refused parameter: the endpoint now gets the request in a form it accepts (bounded: each step is one-way).
        if (options.dialect?.learnFrom(error)) continue;
        const c = classify(error);
        const detail = error instanceof Error ? error.message : String(error);
        if (!c.transient) {
          throw new LlmError(c.code, `${what}: ${options.provider} rejected the request (${c.status ?? '?'}): ${detail}`, {
            attempts,
            usage,
            status: c.status,
            cause: error,
          });
        }
        transientFailures++;
        const wait = c.retryAfterMs ?? backoffMs(transientFailures, config.retryBaseDelayMs, config.maxRetryDelayMs);
        if (transientFailures > config.maxRetries || wait > config.maxRetryDelayMs) {
          throw new LlmError(c.code, `${what}: ${c.code.replace('_', ' ')} after ${attempts} attempt(s): ${detail}`, {
            attempts,
            usage,
            status: c.status,
            retryAfterMs: c.retryAfterMs,
            cause: error,
          });
        }
        try {
          await sleep(wait, signal);
        } catch (e) {
          throw new LlmError('aborted', `${what}: aborted`, { attempts, usage, cause: e });
        }
        continue;
      }
      usage = addUsage(usage, outcome.usage);
      if (outcome.ok) return { value: outcome.value, usage, attempts };
      invalidAnswers++;
      if (invalidAnswers >= config.maxSchemaAttempts) {
        throw new LlmError(
          'invalid_output',
          `${what}: the model's output did not match the schema after ${invalidAnswers} attempt(s).\n${outcome.issues}`,
          { attempts, usage },
        );
      }
      // Re-ask: show the model its own answer and what was wrong with it.
      messages = [
        { role: 'user', content: prompt },
        { role: 'assistant', content: outcome.text.slice(0, 6000) || '(empty reply)' },
        { role: 'user', content: reaskMessage(outcome.issues) },
      ];
    }
  }

  return { provider: options.provider, model: options.modelId, generateObject };
}
