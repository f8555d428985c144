/**
 * Sources nobody gave the writer, in the forms models write them: caught, re-asked once, and
 * removed when the rewrite keeps them; sources from the evidence or the member's record pass.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fakes/fake-openai.ts';
import type { SectionContent } from '../content/report-content.ts';
import type { EvidenceItem } from '../evidence/evidence.ts';
import { generateReportContent } from '../pipeline/generate-report-content.ts';
import { readRecord } from '../record/read-record.ts';
import { planFor } from '../test-support.ts';
import { createReportWriter } from '../writers/create-report-writer.ts';
import { inventedSources, knownSources } from './invented-sources.ts';
import { checkSection, fixByRule, sectionTexts } from './review.ts';

const NOW = new Date('2026-11-23T09:00:00Z');
const IDEA =
  'VoltScope is a handheld instrument that measures the internal resistance of lithium-ion battery cells in under ten seconds. ' +
  'It is at TRL 5. We hold US Patent 10,234,567 and Kalyani Instruments Pvt Ltd has asked for a licence.';

const EVIDENCE: EvidenceItem = {
  id: 'P1',
  kind: 'patent',
  source: 'patentsview',
  identifier: 'US 11,223,344 B2',
  title: 'Impedance spectroscopy of battery cells',
  holders: ['Northwind Energy Inc.'],
  year: 2022,
  url: 'https://patents.google.com/patent/US11223344B2',
  abstract: 'A method of measuring cell impedance. See doi 10.1000/xyz123.',
  score: 0.6,
  shared: [],
  missing: [],
};
const KNOWN = knownSources([EVIDENCE], { text: IDEA, numbers: ['US 10,234,567'] });

describe('inventedSources', () => {
  it.each([
    ['U.S. Pat. No. 9,123,456 describes the same circuit.', 'U.S. Pat. No. 9,123,456'],
    ['US 9,876,543 already claims it.', 'US 9,876,543'],
    ['See US Patent 10,123,456 B2.', 'US Patent 10,123,456 B2'],
    ['A pre-grant publication, US 2024/0123456 A1, is close.', 'US 2024/0123456 A1'],
    ['EP 1234567 B1 covers Europe.', 'EP 1234567 B1'],
    ['The PCT filing WO2024/123456 names it.', 'WO2024/123456'],
    ['WO 2023123456 A1 is related.', 'WO 2023123456 A1'],
    ['Patent No. 8,765,432 expired.', 'Patent No. 8,765,432'],
    ['Smith et al. (doi 10.1038/s41586-024-01234-5) measured it.', '10.1038/s41586-024-01234-5'],
    ['Acme Batteries Inc. already holds the key patents.', 'Acme Batteries Inc.'],
    ['The Zenith Power Systems GmbH line competes.', 'Zenith Power Systems GmbH'],
    ['Researchers at the University of Atlantis showed it.', 'University of Atlantis'],
  ])('catches “%s”', (text, expected) => {
    expect(inventedSources(text, KNOWN).map((s) => s.text)).toContain(expected);
  });

  it.each([
    ['the evidence’s patent in another form', 'U.S. Pat. No. 11,223,344 measures impedance [P1].'],
    ['the evidence’s holder', 'Northwind Energy Inc. holds the closest patent [P1].'],
    ['a DOI in the evidence', 'The method follows 10.1000/xyz123.'],
    ['the member’s own patent', 'The inventor’s U.S. Patent No. 10,234,567 is granted.'],
    ['the licensee the member names', 'Kalyani Instruments Pvt Ltd asked for a licence.'],
    ['standards, regulations and amounts', 'Test to IEC 62660 and UN 38.3; budget USD 1,200,000; EU 2017/745 does not apply.'],
    ['types rather than names', 'Incumbent suppliers of battery testers and contract laboratories compete.'],
  ])('lets %s pass', (_name, text) => {
    expect(inventedSources(text, KNOWN)).toEqual([]);
  });
});

describe('the reviewer and invented sources', () => {
  const plan = planFor(IDEA, {}, NOW);
  const section: SectionContent = {
    key: 'competitors',
    title: 'Competitors',
    summary: [
      'VoltScope faces Acme Batteries Inc., which already holds U.S. Pat. No. 9,123,456.',
      'VoltScope measures cells in ten seconds.',
    ],
    blocks: [
      {
        type: 'bullets',
        title: null,
        items: ['WO2024/123456 describes a similar handheld tester.', 'Handheld testers from incumbent instrument makers.'],
      },
    ],
    confidence: null,
    next_steps: ['Search Espacenet for VoltScope’s mechanism.'],
    trl: null,
    risks: null,
    roi: null,
  };

  it('flags each for a rewrite and removes by rule what remains', () => {
    const findings = checkSection(section, { plan, evidence: [] }).filter((f) => f.kind === 'unsupported');
    const details = findings.map((f) => f.detail).join('\n');
    for (const invented of [
      '“Acme Batteries Inc.” (an organisation)',
      '“U.S. Pat. No. 9,123,456” (a patent number)',
      '“WO2024/123456” (a patent number)',
    ])
      expect(details).toContain(invented);
    expect(findings.every((f) => f.fix === 'rewrite')).toBe(true);
    const text = sectionTexts(fixByRule(section, findings, { plan, evidence: [] })).join(' ');
    expect(text).not.toMatch(/Acme|9,123,456|WO2024/);
    expect(text).toContain('incumbent instrument makers');
  });

  describe('with a model that invents them', () => {
    let fake: FakeOpenAI;
    beforeAll(async () => {
      fake = await startFakeOpenAI();
    });
    afterAll(() => fake.close());
    beforeEach(() => fake.reset());

    it('asks it again with what it invented, and no invented source reaches the report', async () => {
      const invent = (answer: unknown) => {
        const a = answer as { summary: string[] };
        return { ...a, summary: ['Acme Batteries Inc. already holds US 9,876,543 on this.', ...a.summary.slice(1)] };
      };
      // Request 1 is the outline; request 2 the first section; its rewrite invents again.
      fake.enqueue({ kind: 'ok' }, { kind: 'edit', edit: invent }, { kind: 'edit', edit: invent });
      const writer = createReportWriter({
        provider: 'openai-compatible',
        baseUrl: fake.baseUrl,
        apiKey: 'k',
        model: 'fake-model',
        timeoutMs: 5_000,
        maxRetries: 1,
        retryBaseDelayMs: 5,
      });
      const r = await generateReportContent({ writer, record: readRecord(IDEA), complexity: 'basic', now: () => NOW, concurrency: 1 });
      const again = fake.requests.find(
        (q) =>
          JSON.stringify(q.body.messages).includes('A reviewer flagged your previous draft') &&
          JSON.stringify(q.body.messages).includes('Acme Batteries Inc.'),
      );
      expect(again).toBeDefined();
      expect(JSON.stringify(again!.body.messages)).toContain('US 9,876,543');
      const all = r.sections.flatMap(sectionTexts).join(' ');
      expect(all).not.toMatch(/Acme Batteries|9,876,543/);
      expect(
        r.review.some((f) => f.kind === 'unsupported' && f.detail.includes('Acme Batteries Inc.') && f.resolution === 'fixed-by-rule'),
      ).toBe(true);
    });
  });
});
