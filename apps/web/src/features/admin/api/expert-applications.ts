import { expertApplicationsEndpoints as e, type ExpertApplicationState } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** Join-as-Expert applications (decision 235): under the experts' key, so inviting refreshes both. */
export const applicationsKey = () => [...adminKeys.experts(), 'applications'] as const;
export const applicationsQuery = (state: ExpertApplicationState | undefined) =>
  queryOptions({
    queryKey: [...applicationsKey(), state ?? 'all'],
    queryFn: ({ signal }) =>
      logged('expert applications', () => asOperator((authorization) => call(e.list, { query: { state }, signal, authorization }))),
    meta: SILENT,
  });
export const declineApplication = (id: string) => asOperator((authorization) => call(e.decline, { params: { id }, authorization }));
