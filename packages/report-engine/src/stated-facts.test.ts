/**
 * What the member stated is never overridden: not by the plan's estimate, not by a model, not by
 * the reviewer — in both writers. A model that keeps the stated TRL is left alone; one that gives
 * another level is corrected to the stated one; a model reading the record cannot put into it a
 * fact the idea does not state.
 */
import { sectionsFor } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fakes/fake-openai.ts';
import { generateReportContent } from './pipeline/generate-report-content.ts';
import { readRecord } from './record/read-record.ts';
import { sectionTexts } from './review/review.ts';
import { understandIdea } from './understand-idea.ts';
import { createAnalystWriter } from './writers/analyst/analyst-writer.ts';
import { createLlm, createReportWriter } from './writers/create-report-writer.ts';

// The description alone reads as a concept (an estimate would be low); the inventor states TRL 5.
const IDEA =
  'Stent-Lite is a bioresorbable coronary stent made of a magnesium alloy scaffold with a sirolimus-eluting polymer coating. ' +
  'The concept is to dissolve within two years. The technology readiness level (TRL) 5 was reached in a porcine model.';
const RECORD = readRecord(IDEA);
const NOW = () => new Date('2026-01-01T00:00:00Z');

describe('the stated stage in the record', () => {
  it('is read as stated, with its sentence', () => {
    expect(RECORD.stage).toMatchObject({ trl: 5 });
    expect(RECORD.stage.stated_text).toContain('technology readiness level (TRL) 5');
    expect(RECORD.name).toBe('Stent-Lite');
  });

  it('beats the estimate in the offline report: every chart, the outline and the summary say TRL 5, as stated', async () => {
    const r = await generateReportContent({ writer: createAnalystWriter(), record: RECORD, complexity: 'advanced', now: NOW });
    expect(r.plan.trl).toMatchObject({ level: 5, source: 'stated' });
    expect(r.outline.trl_estimate.level).toBe(5);
    for (const s of r.sections) if (s.trl) expect(s.trl.level, s.key).toBe(5);
    expect(sectionTexts(r.sections.find((s) => s.key === 'feasibility')!).join(' ')).toContain('Stated by the inventor');
    expect(r.review.filter((f) => f.kind === 'contradiction')).toEqual([]);
  });
});

describe('with a model (fake OpenAI-compatible server)', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ delayToFirstTokenMs: 0, tokensPerSecond: Number.POSITIVE_INFINITY });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const options = () => ({
    provider: 'openai-compatible' as const,
    baseUrl: fake.baseUrl,
    apiKey: 'k',
    model: 'fake-model',
    timeoutMs: 5_000,
    maxRetries: 1,
    retryBaseDelayMs: 5,
  });

  /** Every answer: sections that carry a TRL give `level`, and say so in their first summary line. */
  const answering = (level: number) => (answer: unknown) => {
    const a = answer as {
      summary?: string[];
      trl?: { level: number; evidence: string[]; to_reach_next: string[] } | null;
      trl_estimate?: { level: number; evidence: string };
    };
    if (a.trl_estimate) return { ...a, title: 'A stent', trl_estimate: { level, evidence: `TRL ${level}` } };
    if (!a.trl) return a;
    const quote = level === 5 ? RECORD.stage.stated_text! : `TRL ${level} in a porcine model.`;
    return {
      ...a,
      summary: [`Stent-Lite is at TRL ${level}, as the inventor states.`, ...(a.summary ?? []).slice(1)],
      trl: { ...a.trl, level, evidence: [`Stated by the inventor: “${quote}”`] },
    };
  };

  it('leaves a model that keeps the stated TRL alone: not rewritten, not "corrected" to an estimate', async () => {
    fake.setDefault({ kind: 'edit', edit: answering(5) });
    const r = await generateReportContent({
      writer: createReportWriter(options()),
      record: RECORD,
      complexity: 'basic',
      now: NOW,
      concurrency: 4,
    });
    expect(r.review.filter((f) => f.kind === 'contradiction' && /TRL/.test(f.detail))).toEqual([]);
    const feasibility = r.sections.find((s) => s.key === 'feasibility')!;
    expect(feasibility.trl!.level).toBe(5);
    expect(feasibility.summary[0]).toBe('Stent-Lite is at TRL 5, as the inventor states.');
    // The title is the confirmed name, whatever the model proposed.
    expect(r.title).toBe('Stent-Lite');
    expect(r.sections).toHaveLength(sectionsFor('basic').length);
  });

  it('corrects a model that gives another level back to the stated one, by rule', async () => {
    fake.setDefault({ kind: 'edit', edit: answering(3) });
    const r = await generateReportContent({
      writer: createReportWriter(options()),
      record: RECORD,
      complexity: 'basic',
      now: NOW,
      concurrency: 4,
    });
    expect(r.outline.trl_estimate.level).toBe(5);
    for (const s of r.sections) if (s.trl) expect(s.trl.level, s.key).toBe(5);
    expect(r.review.some((f) => f.kind === 'contradiction' && f.resolution !== 'open')).toBe(true);
    expect(sectionTexts(r.sections.find((s) => s.key === 'feasibility')!).join(' ')).not.toMatch(/at TRL 3\b/);
  });

  it('cannot put into the record a fact the idea does not state: an invented name, stage or patent falls back to what the text says', async () => {
    fake.setDefault({
      kind: 'edit',
      edit: (answer) => ({
        ...(answer as object),
        name: 'Acme CardioScaffold',
        name_stated: true,
        stage: { trl: 7, stated_text: 'Clinical trials were completed in 2025.', label: null },
        ip: { status: 'granted', numbers: ['US 9,876,543'], owner: 'Acme Medical Inc.', stated_text: 'Protected by US 9,876,543.' },
        figures: [{ value: 4200, value_max: null, unit: 'USD', what: 'price', stated_text: 'It sells for $4,200.' }],
      }),
    });
    const { record } = await understandIdea({ idea: IDEA, llm: createLlm(options()) });
    expect(record.name).toBe('Stent-Lite');
    expect(record.stage.trl).toBe(5);
    expect(record.ip.numbers).toEqual([]);
    expect(record.ip.status).toBe('unknown');
    expect(record.ip.owner).toBeNull();
    expect(record.figures.some((f) => f.value === 4200)).toBe(false);
    // Only the idea went to the model, once.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.response_format?.json_schema?.name).toBe('invention_record');
  });
});

describe('buyers the member names', () => {
  const sectionText = async (idea: string, key: string) => {
    const r = await generateReportContent({ writer: createAnalystWriter(), record: readRecord(idea), complexity: 'basic', now: NOW });
    return sectionTexts(r.sections.find((s) => s.key === key)!).join(' ');
  };

  it("replace the field's usual segments, buyers and sales cycle: nothing generic beside what the member said", async () => {
    const named = 'Insulated crates for small dairy farms that keep milk cold for a day. Small dairy farms pay 40 € per crate now.';
    const applications = await sectionText(named, 'applications');
    expect(applications.toLowerCase()).toContain('small dairy farms');
    expect(applications).not.toMatch(/usual, not named|Sales cycle in/);
    expect(await sectionText(named, 'problem')).not.toContain('Who usually pays');
    // Without a buyer named, the field's usual segments and cycle are offered, marked as such.
    const unnamed = await sectionText('An insulated dairy crate with a phase-change lining keeps milk cold for a day.', 'applications');
    expect(unnamed).toMatch(/usual, not named/);
  });
});
