import { adminEndpoints } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/stats */
export const statsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => logged('stats', () => asOperator((authorization) => call(adminEndpoints.stats, { signal, authorization }))),
    meta: SILENT,
  });
