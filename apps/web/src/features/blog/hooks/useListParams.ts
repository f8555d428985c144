import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** The wait after the last keystroke before the server is asked (docs/decisions/045-blog-search.md). */
export const SEARCH_DEBOUNCE_MS = 300;
const MAX_PAGE = 100_000;

export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages));

function readPage(raw: string | null): number {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/**
 * The page and search of a post list, kept in the address (?page=2&q=patent) so Back, reload and
 * shared links land on the same view. `text` is what the reader is typing; it reaches the address
 * (and so the server) `SEARCH_DEBOUNCE_MS` after the last keystroke, and a new search starts at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = readPage(params.get('page'));
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  // The address changed under us (Back/Forward, a link): show its search in the box.
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== debounced.trim()) setText(q);
  }

  // The reader paused typing: search on the server, from page 1.
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (lastDebounced.current === debounced) return;
    lastDebounced.current = debounced;
    const next = debounced.trim();
    if (next === q) return;
    setParams(
      (prev) => {
        const n = new URLSearchParams(prev);
        if (next) n.set('q', next);
        else n.delete('q');
        n.delete('page');
        return n;
      },
      { replace: true },
    );
  }, [debounced, q, setParams]);

  const setPage = useCallback(
    (next: number, opts: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const n = new URLSearchParams(prev);
          if (next > 1) n.set('page', String(Math.min(next, MAX_PAGE)));
          else n.delete('page');
          return n;
        },
        { replace: opts.replace ?? false },
      );
    },
    [setParams],
  );

  return { page, q, text, setText, setPage };
}
