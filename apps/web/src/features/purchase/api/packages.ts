import { queryOptions } from '@tanstack/react-query';
import { call, publicEndpoints } from '../../../lib/api.ts';
import { tokenKeys } from '../../billing/index.ts';

/** GET /tokens/packages (public): the active packages, in display order. */
export const fetchPackages = async (signal?: AbortSignal) => call((await publicEndpoints()).tokensEndpoints.packages, { signal });

/** The page shows its own 'Failed to load token packages' toast, so the global one stays silent. */
export const packagesQuery = queryOptions({
  queryKey: tokenKeys.packages,
  queryFn: ({ signal }) => fetchPackages(signal),
  meta: { silent: true },
});
