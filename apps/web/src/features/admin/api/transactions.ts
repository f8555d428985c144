import { adminEndpoints, type Transaction } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminPage, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys, PAGE_SIZE } from './keys.ts';

/** GET /admin/transactions?q&page&limit */
export const transactionsQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.transactions(q, page),
    queryFn: ({ signal }) =>
      logged('transactions', () =>
        adminPage(adminEndpoints.transactions, { query: { q: q || undefined, page, limit: PAGE_SIZE.transactions }, signal }),
      ),
    placeholderData: keepPreviousData,
    meta: SILENT,
  });

/** Every transaction matching the search (for the Excel export). */
export async function fetchAllTransactions(q: string): Promise<Transaction[]> {
  const limit = 500;
  const all: Transaction[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await adminPage(adminEndpoints.transactions, { query: { q: q || undefined, page, limit } });
    all.push(...items);
    if (items.length < limit || all.length >= total) return all;
  }
}
