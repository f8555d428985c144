/** The home page's three sample reports come from three different fields (scripts/generate-samples.ts). */
import { buildReportPlan } from '@assay/report-engine';
import { describe, expect, it } from 'vitest';
import { SAMPLE_IDEAS } from '../scripts/generate-samples.ts';

describe('home-page samples', () => {
  it('are three ideas from three different, confidently recognised fields, each with its name kept', () => {
    const plans = Object.values(SAMPLE_IDEAS).map((idea) => buildReportPlan(idea, new Date('2025-11-01T09:00:00Z')));
    expect(plans.map((p) => p.field.id)).toEqual(['test_measurement', 'medical_devices', 'software_ai']);
    expect(plans.every((p) => !p.field.neutral)).toBe(true);
    expect(plans.map((p) => p.productName)).toEqual(['CellSight', 'PulseGuard', 'LedgerLens']);
  });
});
