import { describe, expect, it } from 'vitest';
import { outOfFieldStandards, STANDARDS } from './standards.ts';

describe('outOfFieldStandards', () => {
  it('flags a standard that belongs only to other fields', () => {
    const hits = outOfFieldStandards('Test to IEC 61215 and biocompatibility per ISO 10993-5.', 'energy_generation');
    expect(hits.map((h) => h.name)).toEqual(['ISO 10993']);
  });
  it('accepts standards shared with the expected field', () => {
    expect(outOfFieldStandards('CE marking under the Low Voltage Directive 2014/35/EU', 'test_measurement')).toEqual([]);
    expect(outOfFieldStandards('CE marking under the Low Voltage Directive 2014/35/EU', 'water').map((h) => h.name)).toEqual([
      'EU Low Voltage Directive 2014/35/EU',
    ]);
  });
  it('flags fields outside the corpus, such as toy safety', () => {
    expect(outOfFieldStandards('EN 71 and ASTM F963', 'materials_coatings')[0]?.fields).toEqual(['consumer']);
  });
  it('finds nothing in text without standards, and every entry has a field', () => {
    expect(outOfFieldStandards('A membrane for desalination.', 'water')).toEqual([]);
    for (const e of STANDARDS) expect(e.fields.length).toBeGreaterThan(0);
  });
});
