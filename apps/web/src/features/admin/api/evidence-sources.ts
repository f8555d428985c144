import { adminEndpoints } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** GET /admin/evidence-sources */
export const evidenceSourcesQuery = () =>
  queryOptions({
    queryKey: adminKeys.evidenceSources(),
    queryFn: ({ signal }) =>
      logged('evidence sources', () => asOperator((authorization) => call(adminEndpoints.evidenceSources, { signal, authorization }))),
    meta: SILENT,
  });
