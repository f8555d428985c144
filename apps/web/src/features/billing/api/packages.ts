import { tokensEndpoints } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { tokenKeys } from './keys.ts';

/** GET /tokens/packages (public): the active packages, in display order. */
export const fetchPackages = (signal?: AbortSignal) => call(tokensEndpoints.packages, { signal });

/** The page shows its own 'Failed to load token packages' toast, so the global one stays silent. */
export const packagesQuery = queryOptions({
  queryKey: tokenKeys.packages,
  queryFn: ({ signal }) => fetchPackages(signal),
  meta: { silent: true },
});
