/** What a list page's query asks for. */
export type ListPageQuery =
  /** The same page at another address: the query to send the reader to ('' or '?…'). */
  { redirect: string; page?: never; search?: never } | { redirect?: never; page: number; search: boolean };

/** Page numbers as the app writes them: 2 and up, no sign, no leading zero (1 is the bare address). */
const PAGE = /^[2-9]$|^[1-9]\d{1,5}$/;

/**
 * A list page's query (`/blog?page=2&q=patent`): its page number, and whether it is a search. A
 * page number written any other way (`0`, `-1`, `abc`, `1`, `02`, twice) means the first page, and
 * the reader is sent to the address without it; other parameters (a campaign tag) go along.
 */
export function listPageQuery(params: URLSearchParams): ListPageQuery {
  const pages = params.getAll('page');
  if (pages.length > 1 || (pages.length === 1 && !PAGE.test(pages[0]!))) {
    const rest = new URLSearchParams(params);
    rest.delete('page');
    const qs = rest.toString();
    return { redirect: qs ? `?${qs}` : '' };
  }
  return { page: pages.length ? Number(pages[0]) : 1, search: (params.get('q') ?? '').trim() !== '' };
}

/**
 * The key a list page's copy is kept under (the public cache's `query`): the page number, or
 * null for an answer not to keep (a redirect, or a search: the same app shell for every search).
 */
export function listPageCacheQuery(params: URLSearchParams): string | null {
  const q = listPageQuery(params);
  if (q.redirect !== undefined || q.search) return null;
  return q.page > 1 ? `page=${q.page}` : '';
}
