import { adminEndpoints, type PaymentState } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callRaw } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';
import { adminPage, asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { today } from '../lib/today.ts';
import { operatorTimeZone } from './contact.ts';
import { adminKeys, PAGE_SIZE, type TransactionFilter } from './keys.ts';

/** The filter as query parameters: days are the operator's (their zone), as on Contact Submissions. */
const filterParams = (f: TransactionFilter) => ({
  q: f.q || undefined,
  status: (f.status || undefined) as PaymentState | undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  tz: f.from || f.to ? operatorTimeZone() : undefined,
});

/** GET /admin/transactions?q&status&from&to&tz&page&limit */
export const transactionsQuery = (filter: TransactionFilter, page: number) =>
  queryOptions({
    queryKey: adminKeys.transactions(filter, page),
    queryFn: ({ signal }) =>
      logged('transactions', () =>
        adminPage(adminEndpoints.transactions, { query: { ...filterParams(filter), page, limit: PAGE_SIZE.transactions }, signal }),
      ),
    placeholderData: keepPreviousData,
    meta: SILENT,
  });

/**
 * GET /admin/transactions/export — the server streams every purchase matching the filter as an
 * .xlsx (and records the export in the audit log); saved as a file.
 */
export async function downloadTransactionsXlsx(filter: TransactionFilter): Promise<void> {
  const res = await asOperator((authorization) =>
    callRaw(adminEndpoints.transactionsExport, { query: filterParams(filter), authorization }),
  );
  saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? `transactions-${today()}.xlsx`);
}
