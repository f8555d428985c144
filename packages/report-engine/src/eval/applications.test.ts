import { describe, expect, it } from 'vitest';
import { hasTerm, missingNamed } from './applications.ts';

describe('named applications', () => {
  it('matches terms at the start of a word, case-insensitively, across spaces or hyphens', () => {
    expect(hasTerm('Lithium-ion Batteries for cars', 'batter')).toBe(true);
    expect(hasTerm('reverse-osmosis plants', 'reverse osmosis')).toBe(true);
    expect(hasTerm('abattery', 'batter')).toBe(false);
  });
  it('lists the named items none of whose terms is present (terms are alternatives)', () => {
    const items = [
      { name: 'RO', terms: ['reverse osmosis'] },
      { name: 'FO', terms: ['forward osmosis'] },
      { name: 'Li batteries', terms: ['lithium', 'batter'] },
      { name: 'Na batteries', terms: ['sodium', 'na-ion'] },
    ];
    expect(missingNamed('Used in reverse osmosis and in lithium cells.', items)).toEqual(['FO', 'Na batteries']);
    expect(missingNamed('anything', [])).toEqual([]);
  });
});
