import type { PostType } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { postPageQuery } from '../api/list-posts.ts';
import { matchesSearch } from '../format.ts';
import { useErrorToast } from './useErrorToast.ts';
import { clampPage, useListParams } from './useListParams.ts';

/**
 * Everything a paged, searchable list of posts needs: the page and search (kept in the address),
 * the server's page of results, and the posts to show.
 *
 * While the reader is still typing (or the server has not answered the new search yet), the page
 * on screen is filtered at once by title and description, as docs/product.md §5 describes; once the server's
 * full-text answer for that search arrives it is shown as is.
 */
export function usePostList(postType: PostType, failedMessage: string) {
  const { page, q, text, setText, setPage } = useListParams();
  const list = useQuery(postPageQuery(postType, page, q));
  useErrorToast(list.error, list.errorUpdatedAt, failedMessage);

  const data = list.data;
  const term = text.trim();
  const posts = useMemo(() => {
    if (!data) return [];
    return data.q === term ? data.posts : data.posts.filter((p) => matchesSearch(p, term));
  }, [data, term]);

  const pages = data?.pages ?? 1;
  // A page past the end (an old link, or posts were unpublished): go to the last page.
  const fresh = data && !list.isPlaceholderData ? data : undefined;
  useEffect(() => {
    if (fresh && page > fresh.pages) setPage(fresh.pages, { replace: true });
  }, [fresh, page, setPage]);

  const changePage = useCallback((p: number) => setPage(clampPage(p, pages)), [pages, setPage]);

  return {
    page: clampPage(page, pages),
    pages,
    total: data?.total ?? 0,
    /** Matches of the search: the server's count once it has answered, else those on screen. */
    resultCount: data && data.q === term ? data.total : posts.length,
    text,
    setText,
    searching: term !== '',
    posts,
    /** The search typed has not been answered by the server yet. */
    searchPending: !!data && data.q !== term,
    /** Nothing on screen yet: the spinner shows. */
    loading: list.isPending,
    /** A new page or search is on its way while the previous one stays on screen. */
    updating: list.isFetching && !list.isPending,
    failed: list.isError && !data,
    retry: () => void list.refetch(),
    retrying: list.isFetching,
    changePage,
  };
}
