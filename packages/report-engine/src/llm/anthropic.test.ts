/**
 * The Anthropic provider on its production path (@ai-sdk/anthropic) against a fake Messages API
 * over real HTTP on loopback: JSON outputs (models with structured outputs) and the forced JSON
 * tool (older models), plain and streamed; usage; 429 with retry-after and 529 overloaded retried
 * as on the OpenAI-compatible path; a wrong key reported as a rejection that never shows the key.
 */
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../test/fakes/fake-anthropic.ts';
import type { LlmConfigInput } from './config.ts';
import { llmFailure, Verdict, VERDICT_REQUEST } from '../../test/llm-verdict.ts';
import { createStructuredLlm } from './create-structured-llm.ts';

/** A model with structured outputs (JSON outputs), and one without (the SDK forces a "json" tool). */
const JSON_OUTPUTS = 'claude-sonnet-4-5';
const JSON_TOOL = 'claude-3-5-haiku-20241022';

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());
afterEach(() => vi.restoreAllMocks());

function llm(overrides: Partial<LlmConfigInput> = {}) {
  return createStructuredLlm({
    provider: 'anthropic',
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    model: JSON_OUTPUTS,
    timeoutMs: 2_000,
    maxRetries: 3,
    retryBaseDelayMs: 10,
    ...overrides,
  });
}

describe('Anthropic provider (fake Messages API over HTTP)', () => {
  for (const stream of [false, true]) {
    it(`returns a validated object through JSON outputs, with the key and version headers, and counts usage (${stream ? 'streaming' : 'plain'})`, async () => {
      const r = await llm({ stream }).generateObject(VERDICT_REQUEST);
      expect(Verdict.parse(r.value)).toEqual(r.value);
      expect(r.attempts).toBe(1);
      expect(r.usage.inputTokens).toBeGreaterThan(5);
      expect(r.usage.outputTokens).toBeGreaterThan(5);
      const req = fake.requests[0]!;
      expect(req.behaviour).toBe('ok');
      expect(req.headers['x-api-key']).toBe(fake.apiKey);
      expect(req.headers['anthropic-version']).toBe('2023-06-01');
      expect(req.headers.authorization).toBeUndefined();
      expect(req.body.model).toBe(JSON_OUTPUTS);
      expect(req.body.max_tokens).toBe(8_000);
      expect(Boolean(req.body.stream)).toBe(stream);
      expect(req.body.system).toEqual([{ type: 'text', text: 'You are a careful analyst.' }]);
      expect(req.body.output_config?.format?.type).toBe('json_schema');
      expect(req.body.output_config?.format?.schema?.required).toEqual(['answer', 'level', 'score', 'reasons', 'note']);
      expect(req.body.tools).toBeUndefined();
    });

    it(`returns a validated object through the forced JSON tool on a model without JSON outputs (${stream ? 'streaming' : 'plain'})`, async () => {
      const r = await llm({ model: JSON_TOOL, stream }).generateObject(VERDICT_REQUEST);
      expect(Verdict.parse(r.value)).toEqual(r.value);
      expect(r.usage.outputTokens).toBeGreaterThan(5);
      const req = fake.requests[0]!;
      expect(req.behaviour).toBe('ok');
      expect(req.body.output_config).toBeUndefined();
      expect(req.body.tools?.map((t) => t.name)).toEqual(['json']);
      expect(req.body.tool_choice?.type).toBe('any');
    });
  }

  it('waits for retry-after on 429 rate_limit_error, then succeeds', async () => {
    fake.enqueue({ kind: 'rate-limit', retryAfterSeconds: 1 });
    const r = await llm({ retryBaseDelayMs: 1 }).generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(2);
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('fails fast as rate_limited (retryable) when retry-after is longer than it will wait', async () => {
    fake.enqueue({ kind: 'rate-limit', retryAfterSeconds: 120 });
    const e = await llmFailure(llm({ maxRetryDelayMs: 1_000 }).generateObject(VERDICT_REQUEST));
    expect(e.code).toBe('rate_limited');
    expect(e.retryable).toBe(true);
    expect(e.details.status).toBe(429);
    expect(e.details.retryAfterMs).toBe(120_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries 529 overloaded_error and 500 api_error with backoff, then succeeds', async () => {
    fake.enqueue({ kind: 'overloaded' }, { kind: 'server-error' });
    const r = await llm().generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(3);
    expect(fake.requests.map((q) => q.behaviour)).toEqual(['overloaded', 'server-error', 'ok']);
  });

  it('retries an overloaded error event inside a stream, and 429 on the streaming path', async () => {
    fake.enqueue({ kind: 'stream-overloaded' }, { kind: 'rate-limit', retryAfterSeconds: 0 });
    const r = await llm({ stream: true }).generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(3);
    expect(Verdict.parse(r.value)).toEqual(r.value);
  });

  it('gives up after maxRetries while overloaded, as provider_unavailable (retryable, status 529)', async () => {
    fake.setDefault({ kind: 'overloaded' });
    const e = await llmFailure(llm({ maxRetries: 2 }).generateObject(VERDICT_REQUEST));
    expect(e.code).toBe('provider_unavailable');
    expect(e.retryable).toBe(true);
    expect(e.details.status).toBe(529);
    expect(e.message).toMatch(/Overloaded/);
    expect(fake.requests).toHaveLength(3);
  });

  it('re-asks after a reply that is not JSON, showing the model its answer', async () => {
    fake.enqueue({ kind: 'malformed-json' });
    const r = await llm().generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(2);
    const reask = fake.requests[1]!.body.messages!;
    expect(reask.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(reask[1]!.content)).toContain('<<not json');
  });

  it('times out a hanging call, retries, then succeeds', async () => {
    fake.enqueue({ kind: 'hang' });
    const r = await llm({ timeoutMs: 200, stream: true }).generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(2);
  });

  it('reports a wrong key as a rejection, not retried, without ever showing the key', async () => {
    const wrongKey = 'sk-ant-api03-not-the-right-key-0123456789';
    const printed: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation(
        (...args: unknown[]) => void printed.push(args.map((a) => inspect(a, { depth: 8 })).join(' ')),
      );
    }
    const e = await llmFailure(llm({ apiKey: wrongKey }).generateObject(VERDICT_REQUEST));
    expect(e.code).toBe('provider_rejected');
    expect(e.retryable).toBe(false);
    expect(e.details.status).toBe(401);
    expect(e.message).toBe('verdict: anthropic rejected the request (401): invalid x-api-key');
    expect(fake.requests.map((r) => r.rejection?.type)).toEqual(['authentication_error']);
    // Neither the error (with its cause, as a logger would serialise it) nor anything printed holds the key.
    const everything = [e.message, e.stack, inspect(e, { depth: 8 }), JSON.stringify(e), JSON.stringify(e.details), ...printed].join('\n');
    expect(everything).not.toContain(wrongKey);
    expect(everything).not.toContain(fake.apiKey);
  });
});
