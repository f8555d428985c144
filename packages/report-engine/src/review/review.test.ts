/**
 * The reviewer: finds what a section gets wrong against the plan (a contradicted TRL or
 * first-revenue year, standards from another field, an unsupported amount, a/an slips, a
 * lower-cased name, an empty slot), corrects the offline analyst by rule, and asks a model once
 * more with its findings (against the fake OpenAI-compatible server on loopback).
 */
import { sectionsFor } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fakes/fake-openai.ts';
import type { SectionContent } from '../content/report-content.ts';
import { generateReportContent } from '../pipeline/generate-report-content.ts';
import { readRecord } from '../record/read-record.ts';
import { planFor } from '../test-support.ts';
import { createAnalystWriter } from '../writers/analyst/analyst-writer.ts';
import { createReportWriter } from '../writers/create-report-writer.ts';
import type { ReportWriter } from '../writers/report-writer.ts';
import { checkSection, fixByRule, sectionTexts } from './review.ts';

const NOW = new Date('2026-11-23T09:00:00Z');
const IDEA =
  'VoltScope is a handheld instrument that measures the internal resistance and state of health of lithium-ion battery cells in under ten seconds. ' +
  'We built a working prototype and validated it against a laboratory potentiostat; the technology is at TRL 5. ' +
  'Applications include battery manufacturing end-of-line testing and electric-vehicle service workshops.';
const RECORD = readRecord(IDEA);

/** The offline analyst, with one section spoiled the way the old reports went wrong. */
function plantingWriter(key: string): ReportWriter {
  const inner = createAnalystWriter();
  return {
    ...inner,
    generateOutline: (i) => inner.generateOutline(i),
    async generateSection(input) {
      const r = await inner.generateSection(input);
      if (input.section.key !== key) return r;
      const spoiled: SectionContent = {
        ...r.content,
        summary: [
          'The voltscope is currently at TRL 4, and first revenue in year 5 is expected. It is a energy product aimed first at its … resistance.',
          'Test it to IEC 61400 and EN 13432 before sale.',
          ...r.content.summary.slice(0, 1),
        ],
        trl: r.content.trl ? { ...r.content.trl, level: 4 } : { level: 4, evidence: ['Lab prototype.'], to_reach_next: ['Pilot.'] },
      };
      return { ...r, content: spoiled };
    },
  };
}

describe('reviewer, offline: finds a planted contradiction and corrects it by rule', () => {
  it('flags TRL, year, field, grammar, name and slot findings and fixes each', async () => {
    const r = await generateReportContent({
      writer: plantingWriter('feasibility'),
      record: RECORD,
      complexity: 'basic',
      now: () => NOW,
      concurrency: 4,
    });
    const found = r.review.filter((f) => f.section === 'feasibility');
    const kinds = new Set(found.map((f) => f.kind));
    for (const k of ['contradiction', 'out-of-field', 'grammar', 'name', 'slot'] as const) expect(kinds).toContain(k);
    expect(found.every((f) => f.resolution === 'fixed-by-rule')).toBe(true);

    const fixed = r.sections.find((s) => s.key === 'feasibility')!;
    const text = sectionTexts(fixed).join('\n');
    expect(fixed.trl!.level).toBe(5);
    expect(fixed.trl!.evidence.join(' ')).toContain('the technology is at TRL 5');
    expect(text).not.toMatch(/currently at TRL 4/);
    expect(text).toContain(`first revenue in year ${r.plan.money.launchYear}`);
    expect(text).not.toMatch(/IEC 61400|EN 13432/);
    expect(text).not.toMatch(/\ba energy\b/);
    expect(text).not.toMatch(/voltscope/);
    expect(text).not.toMatch(/its … resistance/);
    // The corrected section passes a second review, and the other sections were clean.
    expect(checkSection(fixed, { plan: r.plan, evidence: [] }).filter((f) => f.fix === 'rewrite')).toEqual([]);
    expect(r.sections).toHaveLength(sectionsFor('basic').length);
  });

  it('leaves a clean offline report without open findings', async () => {
    const r = await generateReportContent({
      writer: createAnalystWriter(),
      record: RECORD,
      complexity: 'comprehensive',
      now: () => NOW,
      concurrency: 8,
    });
    expect(r.review.filter((f) => f.resolution === 'open')).toEqual([]);
    expect(r.review.filter((f) => ['contradiction', 'out-of-field', 'grammar', 'name'].includes(f.kind))).toEqual([]);
  });

  it('flags numbers that are neither in the evidence nor in the assumptions', () => {
    const plan = planFor(IDEA, {}, NOW);
    const section: SectionContent = {
      key: 'market_signals',
      title: 'Market signals',
      summary: ['The VoltScope market is worth USD 4.7 billion and patent US9876543 already covers it.'],
      blocks: [{ type: 'paragraph', text: 'VoltScope buyers in electric-vehicle service workshops.' }],
      confidence: null,
      next_steps: ['Interview buyers.'],
      trl: null,
      risks: null,
      roi: null,
    };
    const findings = checkSection(section, { plan, evidence: [] });
    expect(
      findings
        .filter((f) => f.kind === 'unsupported')
        .map((f) => f.detail)
        .join(' '),
    ).toMatch(/USD 4\.7 billion[\s\S]*|US9876543/);
    const fixed = fixByRule(section, findings, { plan, evidence: [] });
    expect(sectionTexts(fixed).join(' ')).not.toMatch(/4\.7 billion|US9876543/);
  });
});

describe('reviewer, model writer: a flagged section is asked again, once, with the findings', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ delayToFirstTokenMs: 2, tokensPerSecond: Number.POSITIVE_INFINITY });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const writer = () =>
    createReportWriter({
      provider: 'openai-compatible',
      baseUrl: fake.baseUrl,
      apiKey: 'k',
      model: 'fake-model',
      timeoutMs: 5_000,
      maxRetries: 1,
      retryBaseDelayMs: 5,
    });
  const plant = (answer: unknown) => {
    const a = answer as { summary: string[] };
    return { ...a, summary: ['Certify it to IEC 61400 and ISO 22734 before any sale.', ...a.summary.slice(1)] };
  };

  it('re-asks the planted section once and keeps the clean rewrite', async () => {
    // Request 1 is the outline; request 2 the first section (one at a time): its answer is spoiled.
    fake.enqueue({ kind: 'ok' }, { kind: 'edit', edit: plant });
    const r = await generateReportContent({ writer: writer(), record: RECORD, complexity: 'basic', now: () => NOW, concurrency: 1 });
    const first = sectionsFor('basic').find((s) => s.key !== 'executive_summary')!.key;
    const reAsked = new Set(r.review.filter((f) => f.fix === 'rewrite').map((f) => f.section));
    expect(reAsked).toContain(first);
    expect(fake.requests).toHaveLength(1 + 15 + reAsked.size); // outline + sections + one rewrite per flagged section
    const asks = fake.requests.filter((q) => JSON.stringify(q.body.messages).includes(`(key: ${first})`));
    expect(asks).toHaveLength(2);
    const again = JSON.stringify(asks[1]!.body.messages);
    expect(again).toContain('A reviewer flagged your previous draft');
    expect(again).toContain('IEC 61400');
    const finding = r.review.find((f) => f.section === first && f.kind === 'out-of-field');
    expect(finding?.resolution).toBe('rewritten');
    expect(sectionTexts(r.sections.find((s) => s.key === first)!).join(' ')).not.toMatch(/IEC 61400|ISO 22734/);
    // The plan reached the model: the field, the name as written, the stated TRL and the assumptions.
    const prompt = JSON.stringify(asks[0]!.body.messages);
    expect(prompt).toContain('Field: Test and measurement');
    expect(prompt).toContain('\\"VoltScope\\"');
    expect(prompt).toContain('TRL: 5, STATED by the inventor');
    expect(prompt).toContain(`First revenue: year ${r.plan.money.launchYear}`);
  });

  it('corrects chart data by rule without asking again', async () => {
    const r = await generateReportContent({ writer: writer(), record: RECORD, complexity: 'basic', now: () => NOW, concurrency: 3 });
    // The fake fills TRL and ROI in every section: fixed by rule, never re-asked. Only judgement calls
    // (here: the fake's applications section does not name the inventor's applications) are asked again, once.
    expect(r.review.some((f) => f.kind === 'contradiction' && f.fix === 'rule' && f.resolution === 'fixed-by-rule')).toBe(true);
    const reAsked = new Set(r.review.filter((f) => f.fix === 'rewrite').map((f) => f.section));
    expect([...reAsked]).toEqual(['applications']);
    expect(fake.requests).toHaveLength(16 + reAsked.size);
    expect(sectionTexts(r.sections.find((s) => s.key === 'applications')!).join(' ')).toContain('electric-vehicle service workshops');
    for (const s of r.sections) if (s.trl) expect(s.trl.level).toBe(5);
  });
});
