import { useLocation } from 'react-router';

/** Where a protected page sent the visitor from (docs/product.md §2: return there after sign-in). */
export function useReturnTo(fallback = '/') {
  const location = useLocation();
  const state = location.state as { from?: { pathname: string; search?: string; hash?: string } } | null;
  const from = state?.from;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : fallback;
}
