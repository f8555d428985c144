/** The home page's three sample reports come from three different fields (scripts/generate-samples.ts). */
import { readRecord } from '@assay/report-engine';
import { describe, expect, it } from 'vitest';
import { SAMPLE_IDEAS } from '../scripts/generate-samples.ts';

describe('home-page samples', () => {
  it('are three ideas from three different, confidently recognised fields, each with its name kept', () => {
    const records = Object.values(SAMPLE_IDEAS).map((idea) => readRecord(idea));
    expect(records.map((r) => r.field)).toEqual(['test_measurement', 'medical_devices', 'software_ai']);
    expect(records.every((r) => r.field_confidence !== 'low')).toBe(true);
    expect(records.map((r) => [r.name, r.name_stated])).toEqual([
      ['CellSight', true],
      ['PulseGuard', true],
      ['LedgerLens', true],
    ]);
  });
});
