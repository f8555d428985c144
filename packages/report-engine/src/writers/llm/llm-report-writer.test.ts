/**
 * The model-backed report writer end to end against the fake OpenAI-compatible server over
 * real HTTP: section prompts and schemas on the wire, chart data enforced, a whole report
 * through runSections under a concurrency limit, the executive summary last.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sectionByKey, sectionsFor, type SectionKey } from '@assay/shared';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/fake-openai.ts';
import { sectionBodySchemaFor, type ReportOutline } from '../../content/report-content.ts';
import { createReportWriter } from '../create-report-writer.ts';
import { generateReportContent } from '../../pipeline/generate-report-content.ts';
import { planFor } from '../../test-support.ts';

const IDEA = 'A gravity-fed ceramic filter with an iron-oxide coating that removes arsenic from groundwater for rural households.';
const OUTLINE: ReportOutline = {
  title: 'Ceramic arsenic filter',
  one_liner: 'A gravity-fed arsenic filter for rural households.',
  domain: 'Water',
  key_terms: ['ceramic filter', 'iron-oxide coating'],
  trl_estimate: { level: 3, evidence: 'Lab tests' },
  applications: ['Rural households'],
  claims_to_verify: [],
  open_questions: [],
};

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

const writer = (stream = false) =>
  createReportWriter({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl,
    apiKey: 'k',
    model: 'fake-model',
    timeoutMs: 2_000,
    maxRetries: 2,
    retryBaseDelayMs: 5,
    stream,
  });

const PLAN = planFor(IDEA);
const input = (key: SectionKey) => ({
  plan: PLAN,
  title: OUTLINE.title,
  complexity: 'advanced' as const,
  section: sectionByKey(key),
  outline: OUTLINE,
});

describe('model-backed report writer (fake OpenAI-compatible server)', () => {
  it('is a non-offline writer named after its model', () => {
    const w = writer();
    expect(w.offline).toBe(false);
    expect(w.provider).toBe('openai-compatible');
    expect(w.model).toBe('fake-model');
  });

  it('writes a section: brief and the fenced record in the prompt, section schema on the wire, key and title stamped', async () => {
    const r = await writer().generateSection(input('problem'));
    expect(r.content.key).toBe('problem');
    expect(r.content.title).toBe('The Problem');
    expect(() => sectionBodySchemaFor('problem').parse(r.content)).not.toThrow();
    expect(r.promptVersion).toMatch(/problem@\d+\.\d+\.\d+$/);
    const body = fake.requests[0]!.body;
    expect(Object.keys(body.response_format?.json_schema?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['summary', 'blocks', 'confidence', 'next_steps', 'trl', 'risks', 'roi']),
    );
    const messages = JSON.stringify(body.messages);
    expect(messages).toContain('Never present an invented fact as fact');
    expect(messages).toContain("The reader's question");
    expect(messages).toContain('<record>');
    expect(messages).not.toContain('<idea>');
    expect(messages).toContain('iron-oxide coating');
  });

  it('makes chart data mandatory in the schema of the sections that draw charts', async () => {
    const r = await writer().generateSection(input('roi_5_year'));
    expect(r.content.roi?.years.map((y) => y.year)).toEqual([1, 2, 3, 4, 5]);
    const schema = fake.requests[0]!.body.response_format?.json_schema?.schema;
    expect(schema?.required).toContain('roi');
    expect(schema?.properties?.roi?.anyOf).toBeUndefined(); // not nullable for this section
    await writer().generateSection(input('problem'));
    expect(fake.requests[1]!.body.response_format?.json_schema?.schema?.properties?.roi?.anyOf).toBeDefined();
  });

  it('streams a risk register section', async () => {
    fake.setPace({ delayToFirstTokenMs: 5, tokensPerSecond: 5000 });
    const r = await writer(true).generateSection(input('risks'));
    expect(fake.requests[0]!.body.stream).toBe(true);
    expect(r.content.risks!.length).toBeGreaterThanOrEqual(3);
  });

  it('re-asks a section whose answer violates the schema, and counts both calls', async () => {
    fake.enqueue({ kind: 'schema-violation' });
    const r = await writer().generateSection(input('regulatory'));
    expect(r.attempts).toBe(2);
    expect(r.usage.inputTokens).toBeGreaterThan(0);
  });

  it('writes the outline, bound to the record: its title is the confirmed name and its TRL the stated one', async () => {
    const plan = planFor(IDEA, { name: 'AsFilter-2', name_stated: true, stage: { trl: 5, stated_text: 'We are at TRL 5.', label: null } });
    const r = await writer().generateOutline({ plan, complexity: 'basic' });
    expect(r.title).toBe('AsFilter-2');
    expect(r.outline.trl_estimate.level).toBe(5);
    expect(r.outline.key_terms.length).toBeGreaterThan(0);
    expect(fake.requests[0]!.body.response_format?.json_schema?.name).toBe('report_outline');
  });

  it('writes a whole Basic report under a concurrency limit, persisting each section once, summary last', async () => {
    fake.setPace({ delayToFirstTokenMs: 8, tokensPerSecond: Number.POSITIVE_INFINITY });
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, fake.inFlight())), 1);
    const persisted: string[] = [];
    const r = await generateReportContent({
      writer: writer(),
      record: PLAN.record,
      complexity: 'basic',
      concurrency: 3,
      onSectionDone: (key, _content, usage) => {
        expect(usage.outputTokens).toBeGreaterThan(0);
        persisted.push(key);
      },
    });
    clearInterval(timer);
    expect(r.sections.map((s) => s.key)).toEqual(sectionsFor('basic').map((s) => s.key));
    expect([...persisted].sort()).toEqual(
      sectionsFor('basic')
        .map((s) => s.key)
        .sort(),
    );
    expect(persisted.at(-1)).toBe('executive_summary');
    // The outline and 15 sections, each asked once; the reviewer may ask a flagged section once more.
    expect(fake.requests.length).toBeGreaterThanOrEqual(16);
    expect(fake.requests.length).toBeLessThanOrEqual(31);
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(3);
    expect(r.usage.inputTokens).toBeGreaterThan(0);
    expect(r.preview.length).toBeGreaterThan(0);
    const last = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(last).toContain('executive_summary');
    expect(last).toContain('The other sections of this report');
  });
});
