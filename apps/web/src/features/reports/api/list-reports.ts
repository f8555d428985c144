import { PAGE_SIZES, type ReportList, type ReportStatus } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { reportKeys } from './keys.ts';

/** GET /reports?page=&limit=10&status=: the member's own reports, newest first. */
export function fetchReports(page: number, status: ReportStatus | undefined, signal?: AbortSignal) {
  const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZES.reports) });
  if (status) q.set('status', status);
  return api<ReportList>(`/reports?${q.toString()}`, { signal });
}

/**
 * One page of the list. The dashboard shows live data: it refetches whenever it is opened
 * (a report may have been started from Home or finished meanwhile); the page's own error
 * message replaces the global toast.
 */
export const reportsListQuery = (page: number, status: ReportStatus | undefined) =>
  queryOptions({
    queryKey: reportKeys.list(page, status),
    queryFn: ({ signal }) => fetchReports(page, status, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    meta: { silent: true },
  });
