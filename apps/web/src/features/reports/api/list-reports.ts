import { PAGE_SIZES, reportsEndpoints, type ReportStatus } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { reportKeys } from './keys.ts';

/** GET /reports?page=&limit=10&status=: the member's own reports, newest first. */
export function fetchReports(page: number, status: ReportStatus | undefined, signal?: AbortSignal) {
  return call(reportsEndpoints.list, { query: { page, limit: PAGE_SIZES.reports, status }, signal });
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
