/**
 * Whole reports written through the Anthropic provider against a fake Messages API on loopback:
 * a model with JSON outputs and one the SDK asks through a forced JSON tool, plain and streamed.
 * Every token the API reported is counted in the report; a wrong key stops the report with the
 * engine's own error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../../test/fakes/fake-anthropic.ts';
import { generateReport } from '../../generate-report.ts';
import { LlmError } from '../../llm/errors.ts';
import { createLlm } from '../create-report-writer.ts';

const IDEA =
  'AquaClear is a gravity-fed ceramic filter with an iron-oxide coating that removes arsenic from groundwater for rural households. ' +
  'TRL 4: validated in the lab. A provisional patent application has been filed.';
const NOW = new Date('2026-11-23T09:00:00Z');

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const write = (model: string, options: { stream?: boolean; apiKey?: string } = {}) =>
  generateReport({
    reportId: 'rep-anthropic',
    idea: IDEA,
    tier: 'basic',
    ports: {
      llm: createLlm({
        provider: 'anthropic',
        baseUrl: fake.baseUrl,
        apiKey: options.apiKey ?? fake.apiKey,
        model,
        stream: options.stream ?? false,
        temperature: 0.3,
        timeoutMs: 5_000,
        retryBaseDelayMs: 5,
      }),
      evidence: [],
      clock: { now: () => NOW },
    },
    sectionConcurrency: 4,
  });

describe('a whole report through Anthropic', () => {
  it.each([
    ['claude-sonnet-4-5', false],
    ['claude-sonnet-4-5', true],
    ['claude-3-5-haiku-20241022', false],
  ])(
    'completes with %s (streaming: %s), no request refused, every reported token counted',
    async (model, stream) => {
      const report = await write(model, { stream });
      expect(report.writer).toEqual({ provider: 'anthropic', model, offline: false });
      expect(report.sections.length).toBeGreaterThan(3);
      expect(report.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(fake.requests.filter((r) => r.behaviour !== 'ok')).toEqual([]);
      expect(fake.requests.length).toBeGreaterThanOrEqual(report.sections.length);
      const sum = (k: 'input_tokens' | 'output_tokens') => fake.requests.reduce((n, r) => n + (r.usage?.[k] ?? 0), 0);
      expect(report.usage).toEqual({ inputTokens: sum('input_tokens'), outputTokens: sum('output_tokens') });
    },
    90_000,
  );

  it('keeps writing through 529 overloaded and 429 rate limits', async () => {
    fake.enqueue({ kind: 'overloaded' }, { kind: 'rate-limit', retryAfterSeconds: 0 }, { kind: 'overloaded' });
    const report = await write('claude-sonnet-4-5');
    expect(report.sections.length).toBeGreaterThan(3);
    expect(fake.requests.slice(0, 3).map((r) => r.behaviour)).toEqual(['overloaded', 'rate-limit', 'overloaded']);
  }, 90_000);

  it('stops at the first call with a wrong key, as a non-retryable rejection that does not show the key', async () => {
    const wrongKey = 'sk-ant-api03-wrong-wrong-wrong';
    const e = await write('claude-sonnet-4-5', { apiKey: wrongKey }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(LlmError);
    expect(e).toMatchObject({ code: 'provider_rejected', retryable: false, details: { status: 401 } });
    expect((e as LlmError).message).toMatch(/anthropic rejected the request \(401\): invalid x-api-key/);
    expect((e as LlmError).message).not.toContain(wrongKey);
    expect(fake.requests).toHaveLength(1);
  });
});
