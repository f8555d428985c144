import type { AdminStats } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { adminApi, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/stats */
export const statsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => logged('stats', () => adminApi<AdminStats>('/admin/stats', { signal })),
    meta: SILENT,
  });
