/**
 * Every tier is written at every TRL, stated or estimated: the path table at TRL 9, the funding
 * need with no development left, the roadmap with nothing to reach — none may fail its schema
 * (the crash of issue 24), and none may print a "0–0" range. The Comprehensive tier (every
 * section) is also rendered to PDF at each level.
 */
import { COMPLEXITIES } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { renderReportPdf } from '../pdf/render-report-pdf.ts';
import { readRecord } from '../record/read-record.ts';
import { createAnalystWriter } from '../writers/analyst/analyst-writer.ts';
import { generateReportContent } from './generate-report-content.ts';

const BASE = readRecord(
  'PFAS-Annihilator destroys per- and polyfluoroalkyl substances in industrial wastewater with a pulsed plasma reactor and a boron-doped diamond electrode, for landfill leachate operators.',
);
const NOW = () => new Date('2026-01-01T00:00:00Z');
const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const text = (x: unknown) => JSON.stringify(x);

describe('every tier at every TRL', () => {
  for (const tier of COMPLEXITIES) {
    it.each(LEVELS)(`writes the ${tier} tier at stated TRL %i, keeping the level in every chart`, async (trl) => {
      const record = { ...BASE, stage: { trl, stated_text: `Technology readiness level (TRL) ${trl}.`, label: null } };
      const r = await generateReportContent({ writer: createAnalystWriter(), record, complexity: tier, now: NOW });
      for (const s of r.sections) if (s.trl) expect(s.trl.level, s.key).toBe(trl);
      expect(r.outline.trl_estimate.level).toBe(trl);
      expect(text(r.sections)).not.toMatch(/\b0\s*[–-]\s*0\b|USD 0k[–-]0k/);
    });
  }

  it('writes every tier when no stage is stated (the level is estimated, and says so)', async () => {
    for (const tier of COMPLEXITIES) {
      const r = await generateReportContent({ writer: createAnalystWriter(), record: BASE, complexity: tier, now: NOW });
      expect(r.plan.trl.source).toBe('estimated');
      expect(text(r.sections.find((s) => s.key === 'feasibility'))).toContain('No stage is stated');
    }
  });

  it.each(LEVELS)('renders the Comprehensive PDF at TRL %i', async (trl) => {
    const record = { ...BASE, stage: { trl, stated_text: `TRL ${trl}`, label: null } };
    const r = await generateReportContent({ writer: createAnalystWriter(), record, complexity: 'comprehensive', now: NOW });
    const { pdf, text: rendered } = await renderReportPdf({
      reportId: `trl-${trl}`,
      title: r.title,
      record,
      complexity: 'comprehensive',
      createdAt: NOW(),
      sections: r.sections,
      offline: true,
      evidence: r.evidence,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(rendered.join('\n')).toContain(`Stated: TRL ${trl}`);
  });
});
