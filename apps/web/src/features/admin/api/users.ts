import { adminEndpoints, type AdminUser } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminPage, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys, PAGE_SIZE } from './keys.ts';

/** GET /admin/users?q&page&limit — one page, with the total from X-Total-Count. */
export const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) =>
      logged('users', () => adminPage(adminEndpoints.users, { query: { q: q || undefined, page, limit: PAGE_SIZE.users }, signal })),
    placeholderData: keepPreviousData,
    meta: SILENT,
  });

/** Every user matching the search, page by page (for the Excel export). */
export async function fetchAllUsers(q: string): Promise<AdminUser[]> {
  const limit = 500;
  const all: AdminUser[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await adminPage(adminEndpoints.users, { query: { q: q || undefined, page, limit } });
    all.push(...items);
    if (items.length < limit || all.length >= total) return all;
  }
}
