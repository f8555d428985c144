import { describe, expect, it } from 'vitest';
import { requiredDataFor, sectionBodySchemaFor, SectionBodySchema } from './report-content.ts';

const base = {
  summary: ['S'],
  blocks: [{ type: 'paragraph', text: 'P' }],
  confidence: null,
  next_steps: ['N'],
  trl: null,
  risks: null,
  roi: null,
};

describe('section content schema', () => {
  it('accepts a minimal section', () => {
    expect(SectionBodySchema.parse(base)).toEqual(base);
  });

  it('requires chart data in the sections that draw charts', () => {
    expect(requiredDataFor('feasibility')).toBe('trl');
    expect(requiredDataFor('risks')).toBe('risks');
    expect(requiredDataFor('roi_5_year')).toBe('roi');
    expect(requiredDataFor('problem')).toBeNull();
    expect(sectionBodySchemaFor('feasibility').safeParse(base).success).toBe(false);
    expect(
      sectionBodySchemaFor('feasibility').safeParse({ ...base, trl: { level: 3, evidence: ['e'], to_reach_next: ['n'] } }).success,
    ).toBe(true);
    expect(sectionBodySchemaFor('problem').safeParse(base).success).toBe(true);
  });

  it('rejects tables whose rows do not match the columns', () => {
    const bad = { ...base, blocks: [{ type: 'table', title: null, columns: ['a', 'b'], rows: [['1']] }] };
    expect(SectionBodySchema.safeParse(bad).success).toBe(false);
  });

  it('bounds scores and ROI years', () => {
    const risk = { risk: 'r', category: 'market', likelihood: 6, impact: 1, mitigation: 'm' };
    expect(sectionBodySchemaFor('risks').safeParse({ ...base, risks: [risk, risk, risk] }).success).toBe(false);
    const years = [1, 2, 3, 5, 4].map((year) => ({ year, investment: 1, revenue: 1 }));
    expect(
      sectionBodySchemaFor('roi_5_year').safeParse({ ...base, roi: { currency: 'USD', unit: 'thousands', scenario: 's', years } }).success,
    ).toBe(false);
  });
});
