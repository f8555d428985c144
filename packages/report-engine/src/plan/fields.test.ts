/**
 * The field of each real invention in the corpus (corpus/corpus.json, our expected field per
 * record): what the invention IS, and the uses its inventor names, outweigh what it acts on.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldMatches, type Field } from '../eval/fields.ts';
import { classifyField } from './fields.ts';
import { buildReportPlan } from './report-plan.ts';

const corpus = JSON.parse(readFileSync(new URL('../../corpus/corpus.json', import.meta.url), 'utf8')) as {
  inventions: Array<{ id: string; field: Field; text: string }>;
};
const NOW = new Date('2026-01-01T00:00:00Z');

describe('field of each corpus invention', () => {
  it.each(corpus.inventions.map((i) => [i.id, i.field, i.text] as const))('%s → %s', (_id, expected, text) => {
    const plan = buildReportPlan(text, NOW);
    expect(plan.field.neutral).toBe(false);
    expect(fieldMatches(expected, plan.field.label)).toBe(true);
  });
});

describe('evidence weighting', () => {
  it('a tester OF batteries is test and measurement, not energy storage', () => {
    const idea = 'A battery impedance testing device applies an excitation current to a test battery and measures its response. It suits lithium batteries.';
    expect(classifyField(idea, 'battery impedance testing device').id).toBe('test_measurement');
  });

  it('a membrane whose named uses are reverse and forward osmosis is a water technology', () => {
    const idea = 'A nanoporous polymer membrane coated with a hydrophilic polymer. The membrane can be used in reverse osmosis or forward osmosis.';
    expect(classifyField(idea, 'polymer membrane').id).toBe('materials_coatings');
    expect(classifyField(idea, 'polymer membrane', ['reverse osmosis', 'forward osmosis']).id).toBe('water');
  });

  it('a vaccine adjuvant from a plant extract is pharma and biotech', () => {
    const idea = 'An adjuvant isolated from peanut skin extract, useful in immunogenic compositions and vaccines.';
    expect(classifyField(idea, 'peanut skin extract adjuvant').id).toBe('pharma_biotech');
  });

  it('falls back to the neutral profile when nothing in the text names a field', () => {
    const choice = classifyField('A thing that does something for someone.', 'thing');
    expect(choice.id).toBe('general');
    expect(choice.neutral).toBe(true);
  });

  it('energy generation is not storage, and its standards are those of the generating technology the idea names', () => {
    const solar = classifyField('A flexible perovskite solar cell module on a stretchable substrate, made roll to roll, for vehicle roofs.', 'perovskite solar cell module');
    expect(solar.id).toBe('energy_generation');
    const cited = [...solar.profile.standards, ...solar.profile.regimes.map((r) => r.name)].join(' ');
    expect(cited).toMatch(/IEC 61215/);
    expect(cited).not.toMatch(/62619|62660|UL 9540|UN 38\.3|2023\/1542|61400|22734/);
    const wind = classifyField('A wind turbine blade with a morphing trailing edge that sheds gust loads.', 'wind turbine blade');
    expect(wind.profile.standards.join(' ')).toMatch(/61400/);
    expect(wind.profile.standards.join(' ')).not.toMatch(/61215/);
  });
});
