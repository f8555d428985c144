export { seoRoutes } from './seo.routes.ts';
export { seoPublicReads } from './public-reads.ts';
export { renderSpaPage } from './render-spa-page.ts';
export { postHeadTags } from './post-head.ts';
export { robotsTxt, rssXml, sitemapXml, PUBLIC_PAGES } from './feeds.ts';
