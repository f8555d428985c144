import { describe, expect, it } from 'vitest';
import { COMPLEXITIES } from './constants.ts';
import { REPORT_SECTIONS, SECTION_COUNTS, isSectionKey, sectionsFor } from './report-sections.ts';

/** The section lists of docs/product.md §9 and packages/report-engine/README.md, restated here in their order. */
const GUIDE = {
  basic: [
    'executive_summary',
    'problem',
    'technology',
    'benefits',
    'applications',
    'ip_snapshot',
    'next_steps',
    'expanded_summary',
    'fit',
    'feasibility',
    'ip_summary',
    'market_signals',
    'competitors',
    'regulatory',
    'risks',
  ],
  advancedAdds: [
    'business_case',
    'technology_description',
    'market_competition',
    'trl_challenges',
    'detailed_ip',
    'regulatory_pathways',
    'commercialisation_options',
    'financial_estimates',
    'go_to_market',
  ],
  comprehensiveAdds: [
    'claims_analysis',
    'freedom_to_operate',
    'market_analysis',
    'business_models',
    'roi_5_year',
    'funding_strategy',
    'licensing_exit',
    'team_partners',
    'roadmap',
    'appendices',
  ],
};

describe('report section catalogue', () => {
  it('gives Basic 15, Advanced 24 and Comprehensive 34 sections', () => {
    expect(sectionsFor('basic')).toHaveLength(15);
    expect(sectionsFor('advanced')).toHaveLength(24);
    expect(sectionsFor('comprehensive')).toHaveLength(34);
    for (const c of COMPLEXITIES) expect(sectionsFor(c)).toHaveLength(SECTION_COUNTS[c]);
  });

  it('follows the order of the report guide, each tier extending the one below', () => {
    expect(sectionsFor('basic').map((s) => s.key)).toEqual(GUIDE.basic);
    expect(sectionsFor('advanced').map((s) => s.key)).toEqual([...GUIDE.basic, ...GUIDE.advancedAdds]);
    expect(sectionsFor('comprehensive').map((s) => s.key)).toEqual([...GUIDE.basic, ...GUIDE.advancedAdds, ...GUIDE.comprehensiveAdds]);
  });

  it('records the tier that introduces each section', () => {
    for (const s of REPORT_SECTIONS) {
      if (GUIDE.basic.includes(s.key)) expect(s.tier).toBe('basic');
      else if (GUIDE.advancedAdds.includes(s.key)) expect(s.tier).toBe('advanced');
      else expect(s.tier).toBe('comprehensive');
    }
  });

  it('has unique keys and titles, and a reader question for every section', () => {
    expect(new Set(REPORT_SECTIONS.map((s) => s.key)).size).toBe(34);
    expect(new Set(REPORT_SECTIONS.map((s) => s.title)).size).toBe(34);
    for (const s of REPORT_SECTIONS) {
      expect(s.title.length).toBeGreaterThan(2);
      expect(s.question.length).toBeGreaterThan(20);
    }
    expect(REPORT_SECTIONS[0]?.title).toBe('Executive Summary');
  });

  it('recognises its own keys only', () => {
    expect(isSectionKey('risks')).toBe(true);
    expect(isSectionKey('lorem')).toBe(false);
  });

  it('rejects an unknown complexity', () => {
    expect(() => sectionsFor('premium' as never)).toThrow(/Unknown complexity/);
  });
});
