import { reportsEndpoints } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** GET /reports/{id}: one report with its progress (the polling fallback of the live view). */
export const fetchReport = (id: string, signal?: AbortSignal) => call(reportsEndpoints.get, { params: { id }, signal });
