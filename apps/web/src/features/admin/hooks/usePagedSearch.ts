import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** A page number that goes back to 1 whenever `filterKey` changes. */
export function usePageFor(filterKey: string) {
  const [page, setPage] = useState(1);
  const [pageKey, setPageKey] = useState(filterKey);
  if (pageKey !== filterKey) {
    setPageKey(filterKey);
    setPage(1);
  }
  return { page: pageKey === filterKey ? page : 1, setPage };
}

/** A search box's debounced text for the server, and its page (back to 1 on a new search). */
export function usePagedSearch(search: string) {
  const q = useDebouncedValue(search.trim(), 350);
  return { q, ...usePageFor(q) };
}
