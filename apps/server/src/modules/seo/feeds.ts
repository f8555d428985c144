import { FEEDS, PRODUCT_NAME, type PostType } from '@assay/shared';
import type { PublishedSummary } from '../blog/index.ts';
import { escapeMarkup as esc, postPath, siteBase } from './escape.ts';

/** The public pages a search engine should know about (protected and operator pages are not listed). */
export const PUBLIC_PAGES = [
  '/', '/about', '/pricing', '/rttp', '/careers', '/blog', '/press-releases',
  '/contact', '/privacy', '/terms', '/refund-policy',
] as const;

type FeedPost = Pick<PublishedSummary, 'post_type' | 'slug' | 'title' | 'description' | 'author_name' | 'published_at' | 'updated_at'>;
type SitemapPost = Pick<PublishedSummary, 'post_type' | 'slug' | 'updated_at'>;

const newest = (posts: SitemapPost[], type: PostType) =>
  posts.filter((p) => p.post_type === type).reduce<Date | null>((m, p) => (!m || p.updated_at > m ? p.updated_at : m), null);

/** sitemap.xml: the public pages, then every published post with its last change. */
export function sitemapXml(publicUrl: string, posts: SitemapPost[]): string {
  const base = siteBase(publicUrl);
  const lastmod: Record<string, Date | null> = {
    '/blog': newest(posts, 'blog'),
    '/press-releases': newest(posts, 'press_release'),
  };
  const url = (loc: string, mod: Date | null | undefined) =>
    `  <url><loc>${esc(loc)}</loc>${mod ? `<lastmod>${mod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => url(`${base}${path === '/' ? '/' : path}`, lastmod[path])),
    ...posts.map((p) => url(`${base}${postPath(p.post_type, p.slug)}`, p.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}

/** RSS 2.0 for one post type, newest first. */
export function rssXml(publicUrl: string, postType: PostType, posts: FeedPost[]): string {
  const base = siteBase(publicUrl);
  const { title, page, path } = FEEDS[postType];
  const link = `${base}${page}`;
  const self = `${base}${path}`;
  const description = postType === 'blog'
    ? 'Articles on technology transfer, technology readiness, IP and licensing.'
    : `News and announcements from ${PRODUCT_NAME}.`;
  const last = posts[0]?.published_at ?? null;
  const items = posts.map((p) => {
    const url = `${base}${postPath(p.post_type, p.slug)}`;
    return [
      '    <item>',
      `      <title>${esc(p.title)}</title>`,
      `      <link>${esc(url)}</link>`,
      `      <guid isPermaLink="true">${esc(url)}</guid>`,
      `      <description>${esc(p.description)}</description>`,
      `      <dc:creator>${esc(p.author_name)}</dc:creator>`,
      ...(p.published_at ? [`      <pubDate>${p.published_at.toUTCString()}</pubDate>`] : []),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${esc(title)}</title>`,
    `    <link>${esc(link)}</link>`,
    `    <description>${esc(description)}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${esc(self)}" rel="self" type="application/rss+xml" />`,
    ...(last ? [`    <lastBuildDate>${last.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Everything may be crawled except the member area, the operator panel and the API. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /reports',
    'Disallow: /profile',
    'Disallow: /login-pricing',
    'Disallow: /billing',
    'Disallow: /api/',
    '',
    `Sitemap: ${siteBase(publicUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The autodiscovery tag a feed reader looks for in a list page's <head>. */
export const feedLinkTag = (postType: PostType) =>
  `<link rel="alternate" type="application/rss+xml" title="${esc(FEEDS[postType].title)}" href="${esc(FEEDS[postType].path)}" />`;
