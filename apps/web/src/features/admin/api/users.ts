import { adminEndpoints } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callRaw } from '../../../lib/api.ts';
import { dispositionFileName, saveBlob } from '../../../lib/download.ts';
import { adminPage, asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { today } from '../lib/today.ts';
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

/**
 * GET /admin/users/export — the server streams every member matching the search as an .xlsx
 * (and records the export in the audit log); saved as a file.
 */
export async function downloadUsersXlsx(q: string): Promise<void> {
  const res = await asOperator((authorization) => callRaw(adminEndpoints.usersExport, { query: { q: q || undefined }, authorization }));
  saveBlob(await res.blob(), dispositionFileName(res.headers.get('content-disposition')) ?? `users-${today()}.xlsx`);
}
