import { adminEndpoints } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { asOperator, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/users/{id}/reports */
export const userReportsQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.userReports(id),
    queryFn: ({ signal }) => asOperator((authorization) => call(adminEndpoints.userReports, { params: { id }, signal, authorization })),
    meta: SILENT,
  });

/** GET /admin/users/{id}/transactions (the member's subscriptions). */
export const userTransactionsQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.userTransactions(id),
    queryFn: ({ signal }) => asOperator((authorization) => call(adminEndpoints.userTransactions, { params: { id }, signal, authorization })),
    meta: SILENT,
  });
