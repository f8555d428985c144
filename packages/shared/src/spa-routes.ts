import { PRODUCT_NAME } from './constants.ts';

/**
 * Every path pattern the web app's router knows, so the server can answer any other path with
 * 404 (the web route table is checked against this list in its tests).
 */
export const SPA_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/profile-completion',
  '/rttp',
  '/contact',
  '/about',
  '/pricing',
  '/careers',
  '/blog',
  '/blog/:slug',
  '/blog/tag/:slug',
  '/press-releases',
  '/press-releases/:slug',
  '/privacy',
  '/terms',
  '/pricing-policy',
  '/refund-policy',
  '/profile',
  '/login-pricing',
  '/reports',
  '/billing',
  '/admin',
  '/preview/:token',
  '/r/:token',
  '/email-change-revert',
  '/expert',
  '/expert/invitation',
  '/experts/apply',
] as const;

// As the router matches: case-insensitive, one trailing slash allowed.
const patterns = SPA_ROUTES.map((route) => (route === '/' ? /^\/$/ : new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}/?$`, 'i')));

/** Whether a request path (query and hash ignored) is one of the web app's pages. */
export function isSpaPath(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0]!;
  return patterns.some((p) => p.test(pathname));
}

/**
 * The one address of a page: its route's own spelling (`/BLOG` → `/blog`), without a trailing
 * slash (`/blog/a-post/` → `/blog/a-post`), parameters as given; undefined for a path that is no page.
 * The server sends every other spelling there (301), so each page has one address to index and cache.
 */
export function canonicalSpaPath(pathname: string): string | undefined {
  const i = patterns.findIndex((p) => p.test(pathname));
  if (i < 0) return undefined;
  const given = pathname.replace(/(.)\/$/, '$1').split('/');
  return SPA_ROUTES[i]!.split('/')
    .map((segment, j) => (segment.startsWith(':') ? given[j] : segment))
    .join('/');
}

/** The RSS feed of each post type: where it is, and the list page that announces it. */
export const FEEDS = {
  blog: { path: '/rss/blog.xml', page: '/blog', title: `${PRODUCT_NAME} Blog` },
  press_release: { path: '/rss/press.xml', page: '/press-releases', title: `${PRODUCT_NAME} Press Releases` },
} as const;

/** A tag's public page and its feed (decision 204). */
export const TAG_PAGES = {
  page: (slug: string) => `/blog/tag/${encodeURIComponent(slug)}`,
  feed: (slug: string) => `/blog/tag/${encodeURIComponent(slug)}/rss.xml`,
  feedTitle: (name: string) => `${PRODUCT_NAME} Blog: ${name}`,
  /** The page's name (its <title> and heading). */
  name: (name: string) => `Articles tagged “${name}”`,
  description: (name: string) => `Articles on the ${PRODUCT_NAME} blog tagged “${name}”.`,
};
