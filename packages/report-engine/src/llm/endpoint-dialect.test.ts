/**
 * The OpenAI-compatible writer against endpoints that refuse parameters, as the real services do
 * (the fake answers with their status and error bodies): OpenAI's reasoning models, and routes
 * without JSON schema, JSON mode or tools.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fakes/fake-openai.ts';
import type { LlmConfigInput } from './config.ts';
import { createStructuredLlm } from './create-structured-llm.ts';
import { LlmError } from './errors.ts';

const Verdict = z.object({
  answer: z.string().min(1),
  level: z.enum(['high', 'medium', 'low']),
  reasons: z
    .array(z.object({ text: z.string().min(1) }))
    .min(1)
    .max(3),
});
const REQUEST = {
  schema: Verdict,
  schemaName: 'verdict',
  system: 'You are a careful analyst.',
  prompt: 'Judge this idea.\n<idea>\nA ceramic arsenic filter\n</idea>',
};

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const llm = (overrides: Partial<LlmConfigInput> = {}) =>
  createStructuredLlm({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl,
    apiKey: 'k',
    model: 'house-model',
    timeoutMs: 5_000,
    retryBaseDelayMs: 5,
    ...overrides,
  });
const sent = () => fake.requests.map((r) => ({ behaviour: r.behaviour, body: r.body as Record<string, unknown> }));

describe('a reasoning model', () => {
  it('known by name: the first call already sends max_completion_tokens and no temperature', async () => {
    fake.setEndpoint({ reasoningModel: true });
    const r = await llm({ model: 'o4-mini', temperature: 0.2, maxOutputTokens: 3000 }).generateObject(REQUEST);
    expect(Verdict.parse(r.value)).toEqual(r.value);
    expect(sent()).toHaveLength(1);
    const body = sent()[0]!.body;
    expect(body.max_completion_tokens).toBe(3000);
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('temperature');
  });

  it('under another name: learns from the refusals of max_tokens and temperature, once per process', async () => {
    fake.setEndpoint({ reasoningModel: true });
    const model = llm({ temperature: 0.2, maxOutputTokens: 3000 });
    const first = await model.generateObject(REQUEST);
    expect(Verdict.parse(first.value)).toEqual(first.value);
    expect(sent().map((s) => s.behaviour)).toEqual(['refused', 'refused', 'ok']);
    fake.reset();
    fake.setEndpoint({ reasoningModel: true });
    await model.generateObject(REQUEST);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.body).toMatchObject({ max_completion_tokens: 3000 });
    expect(sent()[0]!.body).not.toHaveProperty('temperature');
  });

  it('an ordinary model keeps max_tokens and the configured temperature', async () => {
    await llm({ temperature: 0.2, maxOutputTokens: 3000 }).generateObject(REQUEST);
    expect(sent()[0]!.body).toMatchObject({ max_tokens: 3000, temperature: 0.2 });
  });
});

describe('an endpoint without structured outputs', () => {
  it.each([
    ['JSON mode when json_schema is refused', ['json_schema'] as const, 'json_object'],
    ['a forced tool call when JSON mode is refused too', ['json_schema', 'json_object'] as const, 'tool'],
    ['plain text validated against the schema when tools are refused too', ['json_schema', 'json_object', 'tools'] as const, 'text'],
  ])('falls back to %s, and stays there', async (_name, refuses, mode) => {
    fake.setEndpoint({ refuses: [...refuses] });
    for (const stream of [false, true]) {
      const model = llm({ stream });
      const r = await model.generateObject(REQUEST);
      expect(Verdict.parse(r.value)).toEqual(r.value);
      expect(sent().filter((s) => s.behaviour === 'refused')).toHaveLength(refuses.length);
      const accepted = sent().at(-1)!.body;
      if (mode === 'tool') expect(accepted.tool_choice).toMatchObject({ type: 'function', function: { name: 'verdict' } });
      else expect(accepted).not.toHaveProperty('tools');
      if (mode === 'json_object') expect(accepted.response_format).toEqual({ type: 'json_object' });
      if (mode === 'text') expect(accepted).not.toHaveProperty('response_format');
      // Without a schema in the request, the instructions carry it.
      const system = (accepted.messages as Array<{ role: string; content: string }>)[0]!.content;
      expect(system.includes('"required":["answer","level","reasons"]')).toBe(mode === 'json_object' || mode === 'text');
      // The next call goes straight to the form that worked.
      fake.requests.length = 0;
      await model.generateObject(REQUEST);
      expect(sent().map((s) => s.behaviour)).toEqual(['ok']);
      fake.requests.length = 0;
    }
  });

  it('re-asks in plain-text mode when the answer does not match the schema', async () => {
    fake.setEndpoint({ refuses: ['json_schema', 'json_object', 'tools'] });
    fake.enqueue({ kind: 'schema-violation' });
    const r = await llm().generateObject(REQUEST);
    expect(Verdict.parse(r.value)).toEqual(r.value);
    expect(sent().map((s) => s.behaviour)).toEqual(['refused', 'refused', 'refused', 'schema-violation', 'ok']);
  });

  it('uses a mode forced by configuration from the first call, and does not step down from it', async () => {
    const r = await llm({ structuredOutput: 'tool' }).generateObject(REQUEST);
    expect(Verdict.parse(r.value)).toEqual(r.value);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.body.tools).toBeDefined();
    fake.reset();
    fake.setEndpoint({ refuses: ['tools'] });
    const err = await llm({ structuredOutput: 'tool' })
      .generateObject(REQUEST)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).code).toBe('provider_rejected');
    expect(sent()).toHaveLength(1);
  });

  it('does not take a refusal of something else (a wrong key, an unknown model) for a missing feature', async () => {
    fake.enqueue({ kind: 'server-error', status: 401 });
    const err = await llm()
      .generateObject(REQUEST)
      .catch((e: unknown) => e);
    expect((err as LlmError).code).toBe('provider_rejected');
    expect(sent()).toHaveLength(1);
  });
});
