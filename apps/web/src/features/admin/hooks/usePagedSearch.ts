import { isOperatorSearchable } from '@assay/shared';
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

/**
 * An operator search box's debounced text for the server: none until it has 3 letters or digits
 * in a row, which the server's trigram indexes need (it refuses shorter ones), and `tooShort`
 * to say so under the box meanwhile.
 */
export function useOperatorSearch(search: string) {
  const typed = search.trim();
  const debounced = useDebouncedValue(typed, 350);
  return { q: isOperatorSearchable(debounced) ? debounced : '', tooShort: typed !== '' && !isOperatorSearchable(typed) };
}

/** An operator search's text for the server, and its page (back to 1 on a new search). */
export function usePagedSearch(search: string) {
  const { q, tooShort } = useOperatorSearch(search);
  return { q, tooShort, ...usePageFor(q) };
}
