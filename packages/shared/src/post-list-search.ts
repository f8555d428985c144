import type { PostType } from './schemas/blog.ts';

/** The query of a post list request, in the order the web sends it (its URL is the public cache's key). */
export function postListSearch(p: { post_type: PostType; limit: number; page?: number; featured_only?: boolean; q?: string; exclude?: string }) {
  return {
    post_type: p.post_type,
    limit: p.limit,
    page: p.page && p.page > 1 ? p.page : undefined,
    featured_only: p.featured_only ? ('true' as const) : undefined,
    q: p.q || undefined,
    exclude: p.exclude || undefined,
  };
}
