import type { Report } from '@assay/shared';
import { api } from '../../../lib/api.ts';

/** GET /reports/{id}: one report with its progress (the polling fallback of the live view). */
export const fetchReport = (id: string, signal?: AbortSignal) => api<Report>(`/reports/${encodeURIComponent(id)}`, { signal });
