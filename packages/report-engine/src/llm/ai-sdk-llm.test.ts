/**
 * The OpenAI-compatible provider against a fake Chat Completions server over real HTTP on
 * loopback: success (plain and streaming), 429 with Retry-After, 500, timeouts, malformed and
 * schema-violating output, rejected requests, aborts, and usage accounting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fakes/fake-openai.ts';
import type { LlmConfigInput } from './config.ts';
import { llmFailure, Verdict, VERDICT_REQUEST } from '../../test/llm-verdict.ts';
import { createStructuredLlm } from './create-structured-llm.ts';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.setPace({ delayToFirstTokenMs: 0, tokensPerSecond: Number.POSITIVE_INFINITY });
});

function llm(overrides: Partial<LlmConfigInput> = {}) {
  return createStructuredLlm({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl,
    apiKey: 'test-key',
    model: 'fake-model',
    timeoutMs: 2_000,
    maxRetries: 3,
    retryBaseDelayMs: 10,
    ...overrides,
  });
}

describe('OpenAI-compatible provider (fake server over HTTP)', () => {
  it('returns a validated object without streaming, sending the JSON schema, and records usage', async () => {
    const r = await llm().generateObject(VERDICT_REQUEST);
    expect(Verdict.parse(r.value)).toEqual(r.value);
    expect(r.attempts).toBe(1);
    expect(r.usage.inputTokens).toBeGreaterThan(5);
    expect(r.usage.outputTokens).toBeGreaterThan(5);
    const req = fake.requests[0]!;
    expect(req.headers.authorization).toBe('Bearer test-key');
    expect(req.body.model).toBe('fake-model');
    expect(req.body.stream).toBeFalsy();
    expect(req.body.response_format?.type).toBe('json_schema');
    expect(req.body.response_format?.json_schema?.schema?.required).toEqual(['answer', 'level', 'score', 'reasons', 'note']);
    expect((req.body.response_format?.json_schema as { strict?: boolean } | undefined)?.strict).toBe(false);
    expect(req.body.messages?.[0]).toEqual({ role: 'system', content: 'You are a careful analyst.' });
  });

  it('returns a validated object over a paced streaming (SSE) response', async () => {
    fake.setPace({ delayToFirstTokenMs: 30, tokensPerSecond: 2000 });
    const t0 = Date.now();
    const r = await llm({ stream: true }).generateObject(VERDICT_REQUEST);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(30);
    expect(fake.requests[0]!.body.stream).toBe(true);
    expect(Verdict.parse(r.value)).toEqual(r.value);
    expect(r.usage.outputTokens).toBeGreaterThan(5);
  });

  it('waits for Retry-After (seconds) on 429, then succeeds', async () => {
    fake.enqueue({ kind: 'rate-limit', retryAfterSeconds: 0.3 });
    const r = await llm({ retryBaseDelayMs: 1 }).generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(2);
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(280);
  });

  it('honours retry-after-ms as well', async () => {
    fake.enqueue({ kind: 'rate-limit', retryAfterMs: 150 });
    const r = await llm({ retryBaseDelayMs: 1 }).generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(2);
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(130);
  });

  it('fails fast as rate_limited (retryable) when Retry-After is longer than it will wait', async () => {
    fake.enqueue({ kind: 'rate-limit', retryAfterSeconds: 120 });
    const e = await llmFailure(llm({ maxRetryDelayMs: 1_000 }).generateObject(VERDICT_REQUEST));
    expect(e.code).toBe('rate_limited');
    expect(e.retryable).toBe(true);
    expect(e.details.retryAfterMs).toBe(120_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries 500 and 503 with backoff, then succeeds', async () => {
    fake.enqueue({ kind: 'server-error' }, { kind: 'server-error', status: 503 });
    const r = await llm().generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(3);
    expect(fake.requests.map((q) => q.behaviour)).toEqual(['server-error', 'server-error', 'ok']);
  });

  it('retries 429 and 500 on the streaming path too', async () => {
    fake.enqueue({ kind: 'rate-limit', retryAfterSeconds: 0.1 }, { kind: 'server-error' });
    const r = await llm({ stream: true }).generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(3);
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(90);
  });

  it('gives up after maxRetries transient failures with a retryable error', async () => {
    fake.setDefault({ kind: 'server-error' });
    const e = await llmFailure(llm({ maxRetries: 2 }).generateObject(VERDICT_REQUEST));
    expect(e.code).toBe('provider_unavailable');
    expect(e.retryable).toBe(true);
    expect(e.details.status).toBe(500);
    expect(fake.requests).toHaveLength(3);
  });

  for (const stream of [false, true]) {
    it(`times out a hanging call, retries, then succeeds (${stream ? 'streaming' : 'plain'})`, async () => {
      fake.enqueue({ kind: 'hang' });
      const t0 = Date.now();
      const r = await llm({ timeoutMs: 200, stream }).generateObject(VERDICT_REQUEST);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
      expect(r.attempts).toBe(2);
      expect(fake.requests.map((q) => q.behaviour)).toEqual(['hang', 'ok']);
    });
  }

  it('reports a timeout when every attempt hangs', async () => {
    fake.setDefault({ kind: 'hang' });
    const e = await llmFailure(llm({ timeoutMs: 100, maxRetries: 1 }).generateObject(VERDICT_REQUEST));
    expect(e.code).toBe('timeout');
    expect(fake.requests).toHaveLength(2);
  });

  for (const stream of [false, true]) {
    it(`re-asks after malformed JSON, showing the model its answer and the error (${stream ? 'streaming' : 'plain'})`, async () => {
      fake.enqueue({ kind: 'malformed-json' });
      const r = await llm({ stream }).generateObject(VERDICT_REQUEST);
      expect(r.attempts).toBe(2);
      const reask = fake.requests[1]!.body.messages!;
      expect(reask.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
      expect(String(reask[2]!.content)).toContain('<<not json');
      expect(String(reask[3]!.content)).toMatch(/not valid JSON/);
      // Both calls were paid for and are counted.
      const single = fake.requests[0]!;
      expect(r.usage.inputTokens).toBeGreaterThan(Math.ceil(JSON.stringify(single.body.messages).length / 4));
    });
  }

  it('re-asks after schema-violating output, listing the validation issues', async () => {
    fake.enqueue({ kind: 'schema-violation' });
    const r = await llm().generateObject(VERDICT_REQUEST);
    expect(r.attempts).toBe(2);
    const reask = String(fake.requests[1]!.body.messages![3]!.content);
    expect(reask).toMatch(/does not match the schema/);
    expect(reask).toMatch(/answer|level/);
  });

  it('stops with a clear error when the output never validates', async () => {
    fake.setDefault({ kind: 'schema-violation' });
    const e = await llmFailure(llm({ maxSchemaAttempts: 3 }).generateObject(VERDICT_REQUEST));
    expect(e.code).toBe('invalid_output');
    expect(e.retryable).toBe(false);
    expect(e.message).toMatch(/verdict: the model's output did not match the schema after 3 attempt/);
    expect(e.details.usage?.outputTokens).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a rejected request (401)', async () => {
    fake.setDefault({ kind: 'server-error', status: 401 });
    const e = await llmFailure(llm().generateObject(VERDICT_REQUEST));
    expect(e.code).toBe('provider_rejected');
    expect(e.retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops promptly when the caller aborts', async () => {
    fake.setDefault({ kind: 'hang' });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const t0 = Date.now();
    const e = await llmFailure(llm({ timeoutMs: 5_000 }).generateObject({ ...VERDICT_REQUEST, signal: ctl.signal }));
    expect(e.code).toBe('aborted');
    expect(Date.now() - t0).toBeLessThan(1_000);
  });
});
