import { MSG } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { showToast } from '../../../lib/toasts.ts';
import { packagesQuery } from '../api/packages.ts';
import { withEnterprise } from '../lib/pricing.ts';

/** The grid's offers: the API's packages plus the Enterprise card; 'Failed to load token packages' on failure. */
export function usePackageOffers() {
  const query = useQuery(packagesQuery);
  useEffect(() => {
    if (query.isError) showToast('error', MSG.packagesLoadFailed, { id: 'packages-load-failed' });
  }, [query.isError]);
  const offers = useMemo(() => (query.data ? withEnterprise(query.data) : []), [query.data]);
  return { offers, loading: query.isPending, failed: query.isError, retry: () => void query.refetch() };
}
