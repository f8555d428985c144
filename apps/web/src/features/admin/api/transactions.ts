import { adminEndpoints, type PaymentState, type Transaction } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminPage, logged, SILENT } from '../lib/admin-api.ts';
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

/** Every transaction matching the filter (for the Excel export). */
export async function fetchAllTransactions(filter: TransactionFilter): Promise<Transaction[]> {
  const limit = 500;
  const all: Transaction[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await adminPage(adminEndpoints.transactions, { query: { ...filterParams(filter), page, limit } });
    all.push(...items);
    if (items.length < limit || all.length >= total) return all;
  }
}
