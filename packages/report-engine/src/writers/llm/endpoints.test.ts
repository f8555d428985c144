/**
 * Whole reports written by models people use: an OpenAI reasoning model, and an endpoint without
 * structured outputs (fakes that refuse parameters exactly as the real services do).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type FakeEndpoint } from '../../../test/fakes/fake-openai.ts';
import { generateReport } from '../../generate-report.ts';
import { createLlm } from '../create-report-writer.ts';

const IDEA =
  'AquaClear is a gravity-fed ceramic filter with an iron-oxide coating that removes arsenic from groundwater for rural households. ' +
  'TRL 4: validated in the lab. A provisional patent application has been filed.';
const NOW = new Date('2026-11-23T09:00:00Z');

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('a whole report', () => {
  it.each<[string, string, FakeEndpoint]>([
    ['an OpenAI reasoning model', 'o4-mini', { reasoningModel: true }],
    [
      'a reasoning model under a gateway name, without JSON schema or JSON mode',
      'gateway/thinker',
      { reasoningModel: true, refuses: ['json_schema', 'json_object'] },
    ],
    ['an endpoint without any structured output', 'local-llama', { refuses: ['json_schema', 'json_object', 'tools'] }],
  ])(
    'completes with %s, and only the first calls are refused',
    async (_name, model, endpoint) => {
      fake.setEndpoint(endpoint);
      const llm = createLlm({
        provider: 'openai-compatible',
        baseUrl: fake.baseUrl,
        apiKey: 'k',
        model,
        temperature: 0.3,
        timeoutMs: 5_000,
        retryBaseDelayMs: 5,
      });
      const report = await generateReport({
        reportId: 'rep-endpoint',
        idea: IDEA,
        tier: 'basic',
        ports: { llm, evidence: [], clock: { now: () => NOW } },
        sectionConcurrency: 4,
      });
      expect(report.writer.offline).toBe(false);
      expect(report.sections.length).toBeGreaterThan(3);
      expect(report.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const refused = fake.requests.filter((r) => r.behaviour === 'refused').length;
      // At most one refusal per parameter the endpoint lacks, learnt once for the whole report.
      expect(refused).toBeLessThanOrEqual((endpoint.reasoningModel && model !== 'o4-mini' ? 2 : 0) + (endpoint.refuses?.length ?? 0));
      expect(fake.requests.length - refused).toBeGreaterThanOrEqual(report.sections.length);
    },
    90_000,
  );
});
