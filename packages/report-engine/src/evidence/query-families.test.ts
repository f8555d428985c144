/**
 * Searches built from the confirmed record (decision 215): one family per feature and for the
 * mechanism, in several shapes per source, never a single common word or a customer type; results
 * ranked by how many features each document touches, not by date.
 */
import { inventionRecord, type InventionRecordInput } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { buildReportPlan } from '../plan/build-plan.ts';
import { FILTER_RECORD, TEST_DATE } from '../test-support.ts';
import type { EvidenceHit } from './evidence.ts';
import { rankEvidence } from './rank.ts';
import { buildSearchPlan, describeQuery } from './search-terms.ts';

const planOf = (over: Partial<InventionRecordInput> = {}) =>
  buildReportPlan(inventionRecord.parse({ ...FILTER_RECORD, ...over }), TEST_DATE);
const searchPlan = (over: Partial<InventionRecordInput> = {}) => {
  const plan = planOf(over);
  return buildSearchPlan(plan.record, plan.field);
};
const COMMON = new Set(['water', 'filter', 'sensor', 'device', 'system', 'method', 'coating', 'material']);

describe('query families built from the record', () => {
  it('gives the mechanism and each technical feature a family, several shapes each, with synonyms and the field’s classes', () => {
    const p = searchPlan();
    // F2 ("iron oxide coating lining the pores") is searched by the mechanism's family: its words are inside it.
    expect(p.families.map((f) => f.target.id)).toEqual(['M', 'F1', 'F3']);
    expect(p.targets.map((t) => t.id)).toEqual(['M', 'F1', 'F2', 'F3']);
    const mechanism = p.families[0]!;
    expect(mechanism.queries.map((q) => q.form)).toEqual(['phrase', 'all-words', 'class']);
    // The mechanism's active material and what it acts through, all required.
    expect(mechanism.queries[1]!.shape.groups.flat()).toEqual(expect.arrayContaining(['iron', 'oxide', 'coating']));
    // Synonyms ride along as alternatives, never as words of their own.
    expect(mechanism.queries[1]!.shape.groups).toContainEqual(['coating', 'layer']);
    expect(p.families[1]!.queries[1]!.shape.groups).toContainEqual(['filter', 'filtration']);
    // Class-restricted: the water field's CPC subclasses for patents, its OpenAlex fields for papers.
    const cls = mechanism.queries.find((q) => q.form === 'class')!;
    expect(cls.shape.cpc).toEqual(expect.arrayContaining(['C02F', 'B01D']));
    expect(cls.shape.openAlexFields).toEqual([23, 15]);
    expect(describeQuery(cls, 'patent')).toMatch(/, in CPC C02F or B01D/);
    expect(describeQuery(cls, 'work')).toMatch(/, in Environmental Science or Chemical Engineering$/);
    expect(describeQuery(p.families[1]!.queries[0]!, 'patent')).toBe('ceramic candle filter');
  });

  it('never sends a single common word, a customer type or a market phrase', () => {
    for (const over of [
      {},
      { features: ['water', 'filter for households', 'sensor', 'low-cost for rural households'] },
      { features: [], mechanism: '' },
    ]) {
      const p = searchPlan(over);
      for (const q of p.families.flatMap((f) => f.queries)) {
        const words = q.text.split(/\s+/);
        expect(words.length, q.text).toBeGreaterThanOrEqual(2);
        expect(COMMON.has(q.text)).toBe(false);
        expect(q.text).not.toMatch(/rural|households|ngos?\b|low-cost/i);
        for (const g of q.shape.groups) for (const w of g) expect(w).not.toMatch(/rural|households|ngo/i);
      }
    }
    // A feature made only of market words is neither searched nor charted.
    expect(searchPlan().targets.map((t) => t.label)).not.toContain('low-cost for rural households');
  });

  it('restricts nothing to a class when the field is uncertain', () => {
    const p = searchPlan({ field: 'uncertain', field_confidence: 'low' });
    expect(p.families.flatMap((f) => f.queries).some((q) => q.form === 'class')).toBe(false);
  });
});

const hit = (over: Partial<EvidenceHit> & Pick<EvidenceHit, 'identifier' | 'title' | 'abstract'>): EvidenceHit => ({
  kind: 'patent',
  source: 'patentsview',
  holders: ['Example Corp.'],
  year: 2020,
  url: 'https://example.org',
  ...over,
});

describe('ranking by feature coverage', () => {
  it('puts an old document touching three features above a new one touching one, whatever the date', () => {
    const p = searchPlan();
    const recent = hit({
      identifier: 'US11000001',
      year: 2025,
      title: 'Ceramic candle water filter',
      abstract: 'A porous ceramic candle filter for drinking water.',
    });
    const old = hit({
      identifier: 'US5000001',
      year: 1998,
      title: 'Arsenic removal with iron oxide coated ceramic',
      abstract:
        'Arsenic ions adsorb onto an iron oxide coating lining the pores of a porous ceramic candle as water passes through. The gravity-fed housing needs no pump.',
    });
    const unrelated = hit({ identifier: 'US11000002', year: 2026, title: 'Water bottle lid', abstract: 'A lid for a water bottle.' });
    const items = rankEvidence([recent, unrelated, old], p);
    expect(items.map((i) => i.identifier)).toEqual(['US5000001', 'US11000001']);
    expect(items[0]!.id).toBe('P1');
    expect(items[0]!.score).toBeGreaterThan(items[1]!.score);
  });

  it('reads claims where the source returns them', () => {
    const p = searchPlan();
    const bare = hit({ identifier: 'US7000001', title: 'Filter element', abstract: 'A filter element for liquids.' });
    const withClaims = {
      ...bare,
      identifier: 'US7000002',
      claims: 'A filter comprising a porous ceramic candle whose pores are lined with an iron oxide coating.',
    };
    const items = rankEvidence([bare, withClaims], p);
    expect(items[0]!.identifier).toBe('US7000002');
  });
});
