export { seoRoutes, type SeoOptions } from './seo.routes.ts';
export { seoPublicReads } from './public-reads.ts';
export { renderSpaPage } from './render-spa-page.ts';
export { postHeadTags } from './post-head.ts';
export {
  FEED_LINK_TAGS,
  postsPerSitemap,
  PUBLIC_PAGES,
  robotsTxt,
  rssXml,
  sitemapIndexXml,
  sitemapPostsXml,
  type SitemapLimits,
} from './feeds.ts';
