/**
 * A report generated with fixed evidence ports (decision 217): the closest document found reaches
 * the executive summary, the competitors matrix, the TRL evidence, the risk register and the IP
 * summary's feature chart, and the searches sent are the record's query families.
 */
import { inventionRecord } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import type { EvidenceHit, EvidenceSource, QueryShape } from './evidence/evidence.ts';
import { generateReport } from './generate-report.ts';
import { FILTER_RECORD } from './test-support.ts';

const MECHANISM_PAPER: EvidenceHit = {
  kind: 'work',
  source: 'openalex',
  identifier: '10.5555/arsenic.candle',
  title: 'Arsenic adsorption on iron oxide in ceramic candles',
  holders: ['A. Kumar', 'M. Rossi'],
  year: 2011,
  url: 'https://doi.org/10.5555/arsenic.candle',
  abstract:
    'Arsenic ions adsorb onto iron oxide as water passes through a porous ceramic candle. Removal above 95 % was measured over 300 litres.',
};
const HOUSING_PATENT: EvidenceHit = {
  kind: 'patent',
  source: 'patentsview',
  identifier: 'US9000001',
  title: 'Gravity-fed water purifier housing',
  holders: ['Example Filtration Corp.'],
  year: 2016,
  url: 'https://patents.google.com/patent/US9000001',
  abstract: 'A gravity-fed housing holds a filter cartridge above a storage vessel, with no pump. The cartridge is replaceable.',
};

/** An evidence port answering every search with the same documents, recording what it was asked. */
function fixedSource(kind: 'patent' | 'work', docs: EvidenceHit[], asked: Array<{ query: string; shape?: QueryShape }>): EvidenceSource {
  return {
    name: kind === 'patent' ? 'patentsview' : 'openalex',
    kind,
    label: kind === 'patent' ? 'PatentsView (granted US patents)' : 'OpenAlex (scholarly works)',
    async search(query, _signal, shape) {
      asked.push({ query, ...(shape ? { shape } : {}) });
      return docs;
    },
  };
}

describe('sections use what the search found', () => {
  it('names the closest document in the summary, the competitors, the TRL evidence, the risks and the feature chart', async () => {
    const asked: Array<{ query: string; shape?: QueryShape }> = [];
    const report = await generateReport({
      reportId: 'rep-chart',
      idea: 'unused: the record is confirmed',
      record: inventionRecord.parse(FILTER_RECORD),
      tier: 'advanced',
      createdAt: new Date('2026-11-23T09:00:00Z'),
      ports: {
        llm: null,
        evidence: [fixedSource('work', [MECHANISM_PAPER], asked), fixedSource('patent', [HOUSING_PATENT], asked)],
        clock: { now: () => new Date('2026-11-23T09:00:00Z') },
      },
    });
    // The searches were the record's families, with their shapes.
    expect(asked.some((a) => a.shape?.mode === 'phrase')).toBe(true);
    expect(asked.some((a) => a.shape?.cpc.includes('C02F'))).toBe(true);
    for (const a of asked) expect(a.query).not.toMatch(/rural|households|ngo/i);

    const w1 = report.evidence.items.find((i) => i.identifier === MECHANISM_PAPER.identifier)!;
    expect(w1.id).toBe('W1');
    const section = (key: string) => JSON.stringify(report.sections.find((s) => s.key === key));
    const text = report.text.join('\n');

    expect(section('executive_summary')).toContain(
      'Closest prior art: [W1] 10.5555/arsenic.candle (A. Kumar, 2011), disclosing 2 of 4 features, the mechanism among them',
    );
    expect(section('competitors')).toContain('Published approach: Arsenic adsorption on iron oxide in ceramic candles — [W1]');
    expect(section('competitors')).toContain('Already discloses the mechanism and “porous ceramic candle filter”.');
    expect(section('feasibility')).toContain(
      'Shown before: [W1] 10.5555/arsenic.candle (A. Kumar, 2011) discloses 2 of 4 features, the mechanism among them',
    );
    expect(section('trl_challenges')).toContain('Shown before: [W1]');
    const risks = report.sections.find((s) => s.key === 'risks')!.risks!;
    expect(risks[0]).toMatchObject({
      category: 'ip',
      risk: 'Claims narrowed by [W1] 10.5555/arsenic.candle (A. Kumar, 2011), disclosing 2 of 4 features',
    });
    expect(risks[0]!.mitigation).toBe('Centre the claims on “iron oxide coating lining the pores”.');

    // The PDF: the feature chart under the IP summary, what remains new, and the searches by feature.
    expect(text).toContain('Feature chart: what the closest documents disclose');
    expect(text).toContain('What remains new: Not disclosed in full by any document found: “iron oxide coating lining the pores”');
    expect(text).toContain('Search terms sent, by feature');
    expect(text).toMatch(/“Arsenic ions adsorb onto iron oxide as water passes through a porous ceramic candle\.”/);
    // Papers are never told to check their claims; a document disclosing the mechanism is never "different".
    expect(text).not.toMatch(/check (?:its|their) claims|read its claims/i);
    const ip = report.sections.find((s) => s.key === 'ip_summary')!;
    expect(ip.prior_art!.find((r) => r.id === 'W1')!.differs).not.toMatch(/differ/i);
  });
});
