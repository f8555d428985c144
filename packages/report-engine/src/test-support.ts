/** Helpers for the engine's own tests (never imported by engine code). */
import type { InventionRecord, InventionRecordInput } from '@assay/shared';
import { buildReportPlan, type ReportPlan } from './plan/build-plan.ts';
import { readRecord } from './record/read-record.ts';

export const TEST_DATE = new Date('2026-01-01T00:00:00Z');

/** The plan a report on this idea would follow, with the record read offline (optionally corrected). */
export function planFor(idea: string, edit: Partial<InventionRecord> = {}, now = TEST_DATE): ReportPlan {
  return buildReportPlan({ ...readRecord(idea), ...edit }, now);
}

/** A confirmed record with a mechanism, technical features, one market-only feature and customers (the prior-art tests' subject). */
export const FILTER_RECORD: InventionRecordInput = {
  name: 'ArsenoClear',
  name_stated: true,
  summary: 'A gravity-fed ceramic filter whose pores carry an iron oxide coating that adsorbs arsenic.',
  field: 'water',
  field_confidence: 'high',
  features: [
    'porous ceramic candle filter',
    'iron oxide coating lining the pores',
    'gravity-fed housing with no pump',
    'low-cost for rural households',
  ],
  mechanism: 'Arsenic ions adsorb onto the iron oxide coating as water passes through the porous ceramic candle.',
  customers: ['rural households', 'NGOs'],
};
