import { z } from 'zod';
import { FEEDS } from '../spa-routes.ts';
import { endpoint } from './endpoint.ts';

const base = { method: 'GET', mount: 'site', auth: 'public', tags: ['site'] } as const;
/** Checked by the page itself: a slug it cannot use answers the app's Not Found page, not a 422. */
const slugParams = z.object({ slug: z.string() });

/** A public page the server renders with the web app's own screens (decision 128). */
const page = (path: string) => endpoint({ ...base, path, produces: 'text/html' });

/** Pages at the site root for search engines, link previews and feed readers (not under /api). */
export const siteEndpoints = {
  blogPost: endpoint({ ...base, path: '/blog/:slug', params: slugParams, produces: 'text/html' }),
  pressRelease: endpoint({ ...base, path: '/press-releases/:slug', params: slugParams, produces: 'text/html' }),
  /** The list pages name their feed in <head>. */
  blogList: endpoint({ ...base, path: FEEDS.blog.page, produces: 'text/html' }),
  pressList: endpoint({ ...base, path: FEEDS.press_release.page, produces: 'text/html' }),
  /** A tag's page and feed (decision 204): an unknown tag is a 404. */
  tagPage: endpoint({ ...base, path: '/blog/tag/:slug', params: slugParams, produces: 'text/html' }),
  tagFeed: endpoint({ ...base, path: '/blog/tag/:slug/rss.xml', params: slugParams, produces: 'application/rss+xml' }),
  blogFeed: endpoint({ ...base, path: FEEDS.blog.path, produces: 'application/rss+xml' }),
  pressFeed: endpoint({ ...base, path: FEEDS.press_release.path, produces: 'application/rss+xml' }),
  /** The addresses feed readers guess first get the blog's feed. */
  rssGuess: endpoint({ ...base, path: '/rss.xml', produces: 'application/rss+xml' }),
  feedGuess: endpoint({ ...base, path: '/feed', produces: 'application/rss+xml' }),
  /** The sitemap index (decision 173): the files below, each within the protocol's bounds. */
  sitemap: endpoint({ ...base, path: '/sitemap.xml', produces: 'application/xml' }),
  /** `pages.xml`, then `posts-1.xml`, `posts-2.xml` …; any other name is 404. */
  sitemapFile: endpoint({ ...base, path: '/sitemaps/:file', params: z.object({ file: z.string() }), produces: 'application/xml' }),
  /** A draft preview link's page: the app, marked noindex and never cached (the post itself comes from /api/blog/preview). */
  previewPage: endpoint({ ...base, path: '/preview/:token', params: z.object({ token: z.string() }), produces: 'text/html' }),
  /** A shared report's viewer (issue 27): the app, never cached or indexed, sending no referrer. */
  sharePage: endpoint({ ...base, path: '/r/:token', params: z.object({ token: z.string() }), produces: 'text/html' }),
  robots: endpoint({ ...base, path: '/robots.txt', produces: 'text/plain' }),
  homePage: page('/'),
  pricingPage: page('/pricing'),
  aboutPage: page('/about'),
  rttpPage: page('/rttp'),
  careersPage: page('/careers'),
  contactPage: page('/contact'),
  privacyPage: page('/privacy'),
  termsPage: page('/terms'),
  pricingPolicyPage: page('/pricing-policy'),
  refundPolicyPage: page('/refund-policy'),
};
