export { blogRoutes } from './blog.routes.ts';
export { blogPublicReads, type CountView } from './public-reads.ts';
export type { ViewCounter } from './view-counter.ts';
export { sanitizePostHtml } from './sanitize-post-html.ts';
export {
  findPublishedPost,
  listPublishedForFeeds,
  listPublishedForSitemap,
  publishedPostStats,
  type FeedRow,
  type PublishedSummary,
  type SitemapEntry,
} from './find-published-posts.ts';
export type { FullPostRow, PostRow } from './post-row.ts';
export { slugify } from './slugs.ts';
export { publishScheduledJob } from './schedule.ts';
export { findTag, listTagsForSitemap, readTagPage } from './read-tag-page.ts';
