import { adminEndpoints, type AdminReport, type Transaction } from '@assay/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callRaw, readJson } from '../../../lib/api.ts';
import { asOperator, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/**
 * GET /admin/users/{id}/reports — the newest page (the server's default size), then the next
 * ones by X-Next-Cursor: a member with thousands of reports costs the card one page at a time.
 */
export const userReportsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userReports(id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      asOperator(async (authorization): Promise<{ reports: AdminReport[]; next: string | undefined }> => {
        const res = await callRaw(adminEndpoints.userReports, { params: { id }, query: { cursor: pageParam }, signal, authorization });
        return { reports: await readJson(adminEndpoints.userReports, res), next: res.headers.get('x-next-cursor') ?? undefined };
      }),
    getNextPageParam: (last) => last.next,
    // A report still being written is asked about again until it is done, so its status (and a
    // failure's message) shows without the operator closing and reopening the card.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.reports.some((r) => r.status === 'processing' || r.status === 'queued'))
        ? REPORT_STATUS_POLL_MS
        : false,
    meta: SILENT,
  });

/** How often an open user card asks again while one of its reports is in progress. */
export const REPORT_STATUS_POLL_MS = 5000;

/** GET /admin/users/{id}/transactions — the member's newest purchases, then older ones by X-Next-Cursor. */
export const userTransactionsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userTransactions(id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      asOperator(async (authorization): Promise<{ transactions: Transaction[]; next: string | undefined }> => {
        const res = await callRaw(adminEndpoints.userTransactions, {
          params: { id },
          query: { cursor: pageParam, limit: USER_PURCHASES_PAGE_SIZE },
          signal,
          authorization,
        });
        return { transactions: await readJson(adminEndpoints.userTransactions, res), next: res.headers.get('x-next-cursor') ?? undefined };
      }),
    getNextPageParam: (last) => last.next,
    meta: SILENT,
  });

export const USER_PURCHASES_PAGE_SIZE = 20;
