import { FEEDS } from '@assay/shared';
import type { PublicReadRule, PublicReads } from '../../http/public-cache.ts';

/** Crawlers and feed readers come back often; five minutes old is fresh enough for them. */
const FEED_CACHE = 'public, max-age=300';

/** The crawler-facing pages, answered from copies until a post changes (seo.routes.ts builds them). */
export const seoPublicReads: PublicReads = {
  rules: [
    { route: 'GET /blog/:slug', topics: ['posts'] },
    { route: 'GET /press-releases/:slug', topics: ['posts'] },
    ...[FEEDS.blog.page, FEEDS.press_release.page].map((page): PublicReadRule => ({ route: `GET ${page}`, topics: [] })),
    ...['/sitemap.xml', FEEDS.blog.path, FEEDS.press_release.path, '/rss.xml', '/feed'].map(
      (path): PublicReadRule => ({ route: `GET ${path}`, topics: ['posts'], cacheControl: FEED_CACHE })),
    { route: 'GET /robots.txt', topics: [], cacheControl: FEED_CACHE },
  ],
};
