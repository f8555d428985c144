import { describe, expect, it } from 'vitest';
import { hasTerm, missingApplications } from './applications.ts';

describe('named applications', () => {
  it('matches terms at the start of a word, case-insensitively, across spaces or hyphens', () => {
    expect(hasTerm('Lithium-ion Batteries for cars', 'batter')).toBe(true);
    expect(hasTerm('reverse-osmosis plants', 'reverse osmosis')).toBe(true);
    expect(hasTerm('abattery', 'batter')).toBe(false);
  });
  it('lists the applications whose terms are not all present', () => {
    const apps = [
      { name: 'RO', terms: ['reverse osmosis'] },
      { name: 'FO', terms: ['forward osmosis'] },
      { name: 'Li batteries', terms: ['lithium', 'batter'] },
    ];
    expect(missingApplications('Used in reverse osmosis and in lithium cells.', apps)).toEqual(['FO', 'Li batteries']);
    expect(missingApplications('anything', [])).toEqual([]);
  });
});
