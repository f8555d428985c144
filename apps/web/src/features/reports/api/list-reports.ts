import { PAGE_SIZES, reportsEndpoints, type Complexity, type ReportSort, type ReportStatus } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { reportKeys } from './keys.ts';

/** A search over all the member's reports, on the server (issue 27): all optional. */
export interface ReportFind {
  q?: string | undefined;
  sort?: ReportSort | undefined;
  complexity?: Complexity | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The member's own zone, so a day in the date filter is the member's day. */
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

/** GET /reports?page=&limit=10&status=&q=&sort=&complexity=&from=&to=: the member's own reports. */
export function fetchReports(page: number, status: ReportStatus | undefined, find: ReportFind = {}, signal?: AbortSignal) {
  const dated = find.from || find.to;
  return call(reportsEndpoints.list, {
    query: { page, limit: PAGE_SIZES.reports, status, ...find, ...(dated ? { tz: zone() } : {}) },
    signal,
  });
}

/**
 * One page of the list. The dashboard shows live data: it refetches whenever it is opened
 * (a report may have been started from Home or finished meanwhile); the page's own error
 * message replaces the global toast.
 */
export const reportsListQuery = (page: number, status: ReportStatus | undefined, find: ReportFind = {}) =>
  queryOptions({
    queryKey: [...reportKeys.list(page, status), find] as const,
    queryFn: ({ signal }) => fetchReports(page, status, find, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    meta: { silent: true },
  });
