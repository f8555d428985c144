import { FEEDS } from '@assay/shared';
import type { PublicReadRule, PublicReads } from '../../http/public-cache.ts';
import type { CountView } from '../blog/index.ts';
import { listPageCacheQuery } from './list-page-query.ts';
import { RENDERED_PAGES } from './rendered-pages.ts';
import { renderedPostId } from './rendered-state.ts';

/** Crawlers and feed readers come back often; five minutes old is fresh enough for them. */
const FEED_CACHE = 'public, max-age=300';

/**
 * The site's pages, answered from copies until what they show changes (seo.routes.ts builds
 * them). Each is kept under its path alone (any query dropped) but the list pages, kept per page. A post's page counts a view like a read of the post: the app, given the post in the page,
 * does not ask for it again (decision 128).
 */
export function seoPublicReads(countView: CountView): PublicReads {
  const postPage = (route: string): PublicReadRule => ({
    route,
    topics: ['posts'],
    note: renderedPostId,
    onServe(req, postId) {
      if (typeof postId === 'string') countView(req, postId);
    },
  });
  const page = (path: string, topics: PublicReadRule['topics'] = []): PublicReadRule => ({ route: `GET ${path}`, topics });
  return {
    rules: [
      postPage('GET /blog/:slug'),
      postPage('GET /press-releases/:slug'),
      // Kept per page number; a search, or a page number written otherwise, is not kept.
      ...[FEEDS.blog.page, FEEDS.press_release.page].map((p): PublicReadRule => ({ ...page(p, ['posts']), query: listPageCacheQuery })),
      { ...page('/blog/tag/:slug', ['posts']), query: listPageCacheQuery },
      ...RENDERED_PAGES.map((p) => page(p.endpoint.path, p.topics)),
      ...['/sitemap.xml', '/sitemaps/:file', FEEDS.blog.path, '/blog/tag/:slug/rss.xml', FEEDS.press_release.path, '/rss.xml', '/feed'].map(
        (path): PublicReadRule => ({ route: `GET ${path}`, topics: ['posts'], cacheControl: FEED_CACHE }),
      ),
      { route: 'GET /robots.txt', topics: [], cacheControl: FEED_CACHE },
    ],
  };
}
