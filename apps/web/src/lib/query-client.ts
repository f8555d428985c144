import { MSG } from '@assay/shared';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from './api.ts';
import { showToast } from './toasts.ts';

/** The product's query defaults: 1 retry, fresh for 5 minutes, no refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(err, query) {
        // Queries that handle their own errors opt out with meta.silent.
        if (query.meta?.silent) return;
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return;
        showToast('error', errorText(err, MSG.genericError));
      },
    }),
    defaultOptions: {
      queries: { retry: 1, staleTime: 5 * 60 * 1000, refetchOnWindowFocus: false },
    },
  });
}
