import { PAGE_SIZES, postListSearch, type PostListResponse, type PostType } from '@assay/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, publicEndpoints } from '../../../lib/api.ts';

export interface PostListParams {
  post_type: PostType;
  page?: number;
  limit: number;
  featured_only?: boolean;
  /** Server-side full-text search (docs/decisions/045-blog-search.md). */
  q?: string;
  /** A slug to leave out (related posts). */
  exclude?: string;
}

/** The list response plus the search it answers, so a page can tell stale results from fresh ones. */
export type PostList = PostListResponse & { q: string };

/** GET /blog/posts: published posts of one type, newest first (docs/product.md §7). */
export async function fetchPosts(p: PostListParams, signal?: AbortSignal): Promise<PostList> {
  const q = p.q?.trim() ?? '';
  // The same query the server names in a page's HTML for preloading (firstReads).
  const res = await call((await publicEndpoints()).blogEndpoints.list, { query: postListSearch({ ...p, q }), signal });
  return { ...res, q };
}

/**
 * One page of a list (blog 9, press 12). The page shown stays on screen while the next loads,
 * and the page owns the error toast (MSG, docs/product.md §8), so the global one is silenced.
 */
export const postPageQuery = (post_type: PostType, page: number, q: string) =>
  queryOptions({
    queryKey: ['posts', post_type, 'list', { page, q }],
    queryFn: ({ signal }) => fetchPosts({ post_type, page, q, limit: post_type === 'blog' ? PAGE_SIZES.blog : PAGE_SIZES.press }, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** Featured blog posts (up to 3). A failure is only logged (docs/product.md §8). */
export const featuredPostsQuery = () =>
  queryOptions({
    queryKey: ['posts', 'blog', 'featured'],
    queryFn: ({ signal }) =>
      fetchPosts({ post_type: 'blog', featured_only: true, limit: PAGE_SIZES.featured }, signal).catch((err: unknown) => {
        console.error('Failed to load featured posts', err);
        throw err;
      }),
    meta: { silent: true },
  });

/** Up to 3 other blog posts to read next. A failure is only logged (docs/product.md §8). */
export const relatedPostsQuery = (exclude: string) =>
  queryOptions({
    queryKey: ['posts', 'blog', 'related', exclude],
    queryFn: ({ signal }) =>
      fetchPosts({ post_type: 'blog', limit: PAGE_SIZES.related, exclude }, signal).catch((err: unknown) => {
        console.error('Failed to load related posts', err);
        throw err;
      }),
    meta: { silent: true },
  });
