import { reportsEndpoints, type Complexity, type InventionRecord } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/**
 * POST /reports/generate. The Idempotency-Key makes a repeated submit of the same form
 * (double click, retry after a lost response) return the first report instead of charging twice.
 * A 403 means the balance does not cover the report.
 */
export const requestReport = (body: { idea: string; complexity: Complexity; record?: InventionRecord }, idempotencyKey: string) =>
  call(reportsEndpoints.generate, { body, headers: { 'idempotency-key': idempotencyKey } });
