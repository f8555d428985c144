import type { AdminReport, Transaction } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { adminApi, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/users/{id}/reports */
export const userReportsQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.userReports(id),
    queryFn: ({ signal }) => adminApi<AdminReport[]>(`/admin/users/${encodeURIComponent(id)}/reports`, { signal }),
    meta: SILENT,
  });

/** GET /admin/users/{id}/transactions (the member's subscriptions). */
export const userTransactionsQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.userTransactions(id),
    queryFn: ({ signal }) => adminApi<Transaction[]>(`/admin/users/${encodeURIComponent(id)}/transactions`, { signal }),
    meta: SILENT,
  });
