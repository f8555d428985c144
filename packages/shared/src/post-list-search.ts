import type { PostType } from './schemas/blog.ts';

/** The query of a post list request, in the order the web sends it (its URL is the public cache's key). */
export function postListSearch(p: {
  post_type: PostType;
  limit: number;
  page?: number;
  featured_only?: boolean;
  q?: string;
  exclude?: string;
}) {
  return {
    post_type: p.post_type,
    limit: p.limit,
    page: p.page && p.page > 1 ? p.page : undefined,
    featured_only: p.featured_only ? ('true' as const) : undefined,
    q: p.q || undefined,
    exclude: p.exclude || undefined,
  };
}

/**
 * docs/product.md §2: a press release whose image_url starts with http is an outside article (the
 * address is the article, not a picture), opened in a new tab instead of the detail page. One
 * rule for the public cards and the editor, which says so before saving (issue 26).
 */
export const isExternalPress = (post: { post_type: PostType; image_url: string | null }) =>
  post.post_type === 'press_release' && !!post.image_url && /^https?:\/\//i.test(post.image_url.trim());
