import { blogEndpoints } from './api/blog.ts';
import { endpointUrl } from './api/endpoint.ts';
import { systemEndpoints } from './api/system.ts';
import { tokensEndpoints } from './api/tokens.ts';
import { PAGE_SIZES } from './constants.ts';
import { postListSearch } from './post-list-search.ts';
import type { PostType } from './schemas/blog.ts';

const list = (p: Parameters<typeof postListSearch>[0]) => endpointUrl(blogEndpoints.list, { query: postListSearch(p) });
const post = (postType: PostType, slug: string) => [
  endpointUrl(blogEndpoints.read, { params: { slug }, query: { post_type: postType } }),
  // Blog posts to read next, under a post of either kind.
  list({ post_type: 'blog', limit: PAGE_SIZES.related, exclude: slug }),
];

/** A tag page's read (decision 204), as the web app asks for it. */
export const tagRead = (slug: string, page = 1) =>
  endpointUrl(blogEndpoints.tagPage, { params: { slug }, query: { page: page > 1 ? page : undefined } });

/**
 * The public reads a public page asks for as it starts (e.g. `/api/blog/posts?post_type=blog&limit=9`),
 * exactly as the web app builds them. The server names them
 * in the page's HTML (`<link rel="preload" as="fetch">`), so the browser fetches them beside the
 * page's scripts instead of after they have run (decision 127). The web's first reads are built by
 * the same functions, and a web test checks that the pages ask for these.
 */
export function firstReads(pathname: string): string[] {
  const site = endpointUrl(systemEndpoints.siteConfig);
  const slug = /^\/(blog|press-releases)\/([^/]+)\/?$/.exec(pathname);
  const tag = /^\/blog\/tag\/([^/]+)\/?$/.exec(pathname);
  if (tag) return [tagRead(decodeURIComponent(tag[1]!)), site];
  if (slug) return [...post(slug[1] === 'blog' ? 'blog' : 'press_release', decodeURIComponent(slug[2]!)), site];
  switch (pathname.replace(/(.)\/$/, '$1')) {
    case '/blog':
      return [
        list({ post_type: 'blog', limit: PAGE_SIZES.blog }),
        list({ post_type: 'blog', featured_only: true, limit: PAGE_SIZES.featured }),
        site,
      ];
    case '/press-releases':
      return [list({ post_type: 'press_release', limit: PAGE_SIZES.press }), site];
    case '/pricing':
      return [endpointUrl(tokensEndpoints.packages), site];
    case '/':
      return [site];
    default:
      return [];
  }
}
