import { formatCount, formatDay, isExternalPress, type PostSummary } from '@assay/shared';

/** 'Mar 4, 2026' (the one date format). A post without a publication date falls back to its creation date. */
export function formatPostDate(post: Pick<PostSummary, 'published_at' | 'created_at'>): string {
  const day = formatDay(post.published_at ?? post.created_at);
  return day === '—' ? '' : day;
}

/** The machine-readable date for <time dateTime>. */
export const postDateTime = (post: Pick<PostSummary, 'published_at' | 'created_at'>) => post.published_at ?? post.created_at;

/** '1 view', '1,234 views'. */
export const formatViews = (n: number) => `${formatCount(n)} ${n === 1 ? 'view' : 'views'}`;

// One rule for the public cards and the operator's editor (it lives in the shared package).
export { isExternalPress };

/** The picture to show for a post, if it has one (an outside press link is not a picture). */
export const postImage = (post: Pick<PostSummary, 'post_type' | 'image_url'>) =>
  post.image_url && !isExternalPress(post) ? post.image_url : null;

export const postPath = (post: Pick<PostSummary, 'post_type' | 'slug'>) =>
  `${post.post_type === 'press_release' ? '/press-releases' : '/blog'}/${encodeURIComponent(post.slug)}`;

/** The instant search (docs/product.md §5, decision 045): case-insensitive substring of the title or description. */
export function matchesSearch(post: Pick<PostSummary, 'title' | 'description'>, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return post.title.toLowerCase().includes(t) || post.description.toLowerCase().includes(t);
}
