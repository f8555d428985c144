/**
 * The feature chart on fixed documents (decision 216): which of the record's features each close
 * document discloses, with the sentence that shows it; a document disclosing the mechanism is
 * never "different" for lacking a market phrase, and a paper is never told to "check its claims".
 */
import { inventionRecord } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { buildReportPlan } from '../plan/build-plan.ts';
import { FILTER_RECORD, TEST_DATE } from '../test-support.ts';
import { priorArtRows } from '../writers/analyst/prior-art.ts';
import type { EvidenceItem } from './evidence.ts';
import { featureChart } from './feature-chart.ts';

const record = inventionRecord.parse(FILTER_RECORD);
const item = (over: Partial<EvidenceItem> & Pick<EvidenceItem, 'id' | 'title' | 'abstract'>): EvidenceItem => ({
  kind: 'work',
  source: 'openalex',
  identifier: `10.5555/${over.id.toLowerCase()}`,
  holders: ['A. Author'],
  year: 2019,
  url: 'https://doi.org/10.5555/x',
  score: 0.5,
  shared: [],
  missing: [],
  ...over,
});

// Discloses exactly the mechanism; says nothing of households, NGOs or price.
const MECHANISM_PAPER = item({
  id: 'W1',
  title: 'Arsenic adsorption on iron oxide in ceramic candles',
  abstract:
    'Arsenic ions adsorb onto iron oxide as water passes through a porous ceramic candle. Removal above 95 % was measured over 300 litres.',
});
const HOUSING_PATENT = item({
  id: 'P1',
  kind: 'patent',
  source: 'patentsview',
  identifier: 'US9000001',
  title: 'Gravity-fed water purifier housing',
  abstract: 'A gravity-fed housing holds a filter cartridge above a storage vessel, with no pump. The cartridge is replaceable.',
});
const UNRELATED = item({
  id: 'W2',
  title: 'Rainwater harvesting in villages',
  abstract: 'A survey of rainwater tanks in rural households.',
});

describe('the feature chart', () => {
  const chart = featureChart(record, [HOUSING_PATENT, MECHANISM_PAPER, UNRELATED])!;

  it('charts each feature per close document, yes / partly / no with the sentence that shows it', () => {
    expect(chart.targets.map((t) => t.id)).toEqual(['M', 'F1', 'F2', 'F3']);
    // The unrelated paper touches nothing: it is not charted.
    expect(chart.documents.map((d) => d.item.id)).toEqual(['W1', 'P1']);
    const paper = chart.documents[0]!;
    expect(paper.mechanism).toBe(true);
    expect(paper.cells.find((c) => c.target === 'M')).toEqual({
      target: 'M',
      level: 'yes',
      sentence: 'Arsenic ions adsorb onto iron oxide as water passes through a porous ceramic candle.',
    });
    expect(paper.cells.find((c) => c.target === 'F3')).toMatchObject({ level: 'no', sentence: null });
    const housing = chart.documents[1]!;
    expect(housing.cells.find((c) => c.target === 'F3')).toMatchObject({
      level: 'yes',
      sentence: 'A gravity-fed housing holds a filter cartridge above a storage vessel, with no pump.',
    });
  });

  it('says what remains new when the documents are combined', () => {
    // The paper says "coating", not "lining the pores": touched, not disclosed.
    expect(chart.documents[0]!.cells.find((c) => c.target === 'F2')!.level).toBe('partly');
    expect(chart.remaining.map((t) => t.id)).toEqual(['F2']);
    expect(chart.novelty).toBe(
      'Not disclosed in full by any document found: “iron oxide coating lining the pores” — what remains new when the closest documents are combined, and what claims should be built around. “iron oxide coating lining the pores” is touched in part: the full texts decide.',
    );
    const pores = item({
      id: 'W4',
      title: 'Iron oxide coating lining the pores of ceramics',
      abstract: 'An iron oxide coating lining the pores of a ceramic body is deposited from solution.',
    });
    const combined = featureChart(record, [HOUSING_PATENT, MECHANISM_PAPER, pores])!;
    expect(combined.remaining).toEqual([]);
    expect(combined.novelty).toMatch(
      /^Each feature is disclosed by at least one document \(\[W1\], \[W4\] and \[P1\]\), none discloses them all: novelty rests on the combination/,
    );
    const all = item({
      id: 'W3',
      title: 'A gravity-fed ceramic candle filter',
      abstract: `${MECHANISM_PAPER.abstract} The porous ceramic candle filter has an iron oxide coating lining the pores. A gravity-fed housing with no pump holds it.`,
    });
    expect(featureChart(record, [all])!.novelty).toMatch(
      /^\[W3\] discloses every feature charted: as recorded, the invention may not be new over it\./,
    );
  });

  it('never calls a document that discloses the mechanism "different", and never tells a paper to check its claims', () => {
    const rows = priorArtRows('ip_summary', [MECHANISM_PAPER, HOUSING_PATENT, UNRELATED], buildReportPlan(record, TEST_DATE));
    const paper = rows.find((r) => r.id === 'W1')!;
    expect(paper.differs).toBe(
      'Discloses 2 of 4 features (the mechanism and “porous ceramic candle filter”); touches “iron oxide coating lining the pores”. Not shown in its title or abstract: “gravity-fed housing with no pump”.',
    );
    for (const r of rows) {
      expect(r.differs).not.toMatch(/differ|check (?:its|their) claims|read (?:its|their) claims|households|NGO/i);
    }
    expect(rows.find((r) => r.id === 'W2')!.differs).toBe("Its title and abstract touch none of the record's features.");
  });
});
