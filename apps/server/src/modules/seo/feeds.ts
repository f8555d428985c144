import { FEEDS, PRODUCT_NAME, PUBLIC_PAGE_META, TAG_PAGES, type PostType } from '@assay/shared';
import { sanitizePostHtml, type FeedRow, type PostRow, type PublishedSummary } from '../blog/index.ts';
import { escapeMarkup as esc, postPath, siteBase } from './escape.ts';
import { postImage } from './post-head.ts';

/**
 * The public pages a search engine should know about: protected and operator pages are not
 * listed, nor a page whose canonical address is another's (/pricing-policy shows the Terms).
 */
export const PUBLIC_PAGES = Object.entries(PUBLIC_PAGE_META)
  .filter(([, m]) => !('canonical' in m))
  .map(([path]) => path);

type SitemapPost = Pick<PublishedSummary, 'post_type' | 'slug' | 'updated_at'>;

/** A sitemap file's bounds (the sitemap protocol's, or a test's smaller ones). */
export interface SitemapLimits {
  /** Addresses in one file (and sitemaps in the index): the protocol's 50,000. */
  maxUrls: number;
  /** Bytes of one file, uncompressed. */
  maxBytes: number;
}
/** The protocol allows 50,000 addresses and 50 MB; one file is kept under 1 MB (issue 32). */
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 1_000_000 };

/**
 * Posts per sitemap file, well inside the bounds: a change to any post drops the files' copies,
 * and the next crawler to ask has one rebuilt — 1,000 addresses (~110 KB, a few ms) rather than
 * as many as fit in 1 MB (4,400 addresses, 33–151 ms at 5,000 posts). Yoast's sitemaps split at
 * 1,000 too; the index still reaches millions of posts.
 */
const POSTS_PER_FILE = 1_000;
/** The longest slug the database accepts (migration 031's CHECK). */
const SLUG_MAX = 120;
const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';
const INDEX_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const INDEX_CLOSE = '</sitemapindex>\n';
const LASTMOD_SAMPLE = new Date(0).toISOString();

const urlEntry = (loc: string, mod: Date | null | undefined) =>
  `  <url><loc>${esc(loc)}</loc>${mod ? `<lastmod>${mod.toISOString()}</lastmod>` : ''}</url>\n`;
const sitemapEntry = (loc: string) => `  <sitemap><loc>${esc(loc)}</loc></sitemap>\n`;

/**
 * How many posts one sitemap file holds: POSTS_PER_FILE, or fewer if that many cannot fit both
 * bounds with every slug at its longest, so file n is posts (n-1)·k … n·k − 1 whatever the slugs
 * are, and no file can pass the bounds (a test fills files with the longest slugs).
 */
export function postsPerSitemap(publicUrl: string, limits: SitemapLimits = SITEMAP_LIMITS): number {
  const base = siteBase(publicUrl);
  const longest = Math.max(...Object.values(FEEDS).map((f) => `${f.page}/`.length)) + SLUG_MAX;
  const entry = Buffer.byteLength(urlEntry(`${base}${'x'.repeat(longest)}`, new Date(LASTMOD_SAMPLE)));
  const room = limits.maxBytes - Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  return Math.max(1, Math.min(POSTS_PER_FILE, limits.maxUrls, Math.floor(room / entry)));
}

/** The sitemap files after the index: the pages, then the posts' files. */
export const sitemapFile = {
  pages: '/sitemaps/pages.xml',
  posts: (n: number) => `/sitemaps/posts-${n}.xml`,
  /** `posts-7.xml` → 7; anything else (`posts-07.xml`, `posts-0.xml`) → undefined. */
  postsNumber: (file: string) => {
    const m = /^posts-([1-9]\d{0,8})\.xml$/.exec(file);
    return m ? Number(m[1]) : undefined;
  },
};

/** How many posts' files `count` published posts fill. */
export const sitemapPostFiles = (count: number, perFile: number) => Math.ceil(count / perFile);

/**
 * sitemap.xml: an index of the sitemap files (the protocol's sitemapindex), so no file passes its
 * bounds however many posts there are, and the index itself is built from a count.
 */
export function sitemapIndexXml(publicUrl: string, postFiles: number, limits: SitemapLimits = SITEMAP_LIMITS): string {
  const base = siteBase(publicUrl);
  const files = [sitemapFile.pages, ...Array.from({ length: postFiles }, (_, i) => sitemapFile.posts(i + 1))];
  const out = [INDEX_OPEN];
  let bytes = Buffer.byteLength(INDEX_OPEN + INDEX_CLOSE);
  // The protocol's 50,000 sitemaps an index (the file bound is for addresses, and tests lower it).
  for (const file of files.slice(0, SITEMAP_LIMITS.maxUrls)) {
    const entry = sitemapEntry(`${base}${file}`);
    bytes += Buffer.byteLength(entry);
    if (bytes > limits.maxBytes) break;
    out.push(entry);
  }
  out.push(INDEX_CLOSE);
  return out.join('');
}

/** The public pages' sitemap file, the list pages with their latest post's change. */
export function sitemapPagesXml(
  publicUrl: string,
  newest: Partial<Record<PostType, Date>>,
  tags: { slug: string; updated_at: Date }[] = [],
): string {
  const base = siteBase(publicUrl);
  const lastmod: Record<string, Date | undefined> = { [FEEDS.blog.page]: newest.blog, [FEEDS.press_release.page]: newest.press_release };
  return (
    URLSET_OPEN +
    PUBLIC_PAGES.map((path) => urlEntry(`${base}${path}`, lastmod[path])).join('') +
    tags.map((t) => urlEntry(`${base}${TAG_PAGES.page(t.slug)}`, t.updated_at)).join('') +
    URLSET_CLOSE
  );
}

/**
 * Tag pages in pages.xml, at most: with the longest slugs (80) an entry is under 200 bytes, so the
 * file stays well within SITEMAP_LIMITS' 1 MB (decision 204).
 */
export const SITEMAP_TAGS_MAX = 4_000;

/** One posts' sitemap file: each post's address and last change. */
export function sitemapPostsXml(publicUrl: string, posts: SitemapPost[]): string {
  const base = siteBase(publicUrl);
  return URLSET_OPEN + posts.map((p) => urlEntry(`${base}${postPath(p.post_type, p.slug)}`, p.updated_at)).join('') + URLSET_CLOSE;
}

type FeedPost = Pick<
  PostRow,
  'post_type' | 'slug' | 'title' | 'description' | 'image_url' | 'author_name' | 'published_at' | 'updated_at'
> &
  /** Null: left out of the feed (past the bodies' budget), the item carries its description only. */
  { content: string | null } &
  /** The chosen authors (each a dc:creator) and the picture's alt text (decision 206). */
  Partial<Pick<FeedRow, 'author_list' | 'image_alt' | 'image_decorative'>>;

/** The bodies in one feed, in bytes: past it, older items carry their description only (no feed near 1 MB). */
export const FEED_CONTENT_BUDGET = 600_000;

/** Site-relative `src` and `href` made absolute: a feed reader shows the body away from the site. */
const absoluteLinks = (html: string, base: string) =>
  html.replace(/\b(src|href)="(\/[^/"][^"]*|\/)"/g, (_, attr: string, url: string) => `${attr}="${base}${url}"`);

/**
 * RSS 2.0 for one post type, newest first: each item with its full body (content:encoded, sanitised
 * again on the way out, links made absolute) and its picture (Media RSS, and atop the body), while
 * the bodies fit FEED_CONTENT_BUDGET.
 */
export function rssXml(
  publicUrl: string,
  postType: PostType,
  posts: FeedPost[],
  contentBudget = FEED_CONTENT_BUDGET,
  /** Another channel than the type's (a tag's feed, decision 204): its title, page and own address. */
  channel?: { title: string; page: string; path: string; description: string },
): string {
  const base = siteBase(publicUrl);
  const { title, page, path } = channel ?? FEEDS[postType];
  const link = `${base}${page}`;
  const self = `${base}${path}`;
  const description =
    channel?.description ??
    (postType === 'blog'
      ? 'Articles on technology transfer, technology readiness, IP and licensing.'
      : `News and announcements from ${PRODUCT_NAME}.`);
  const last = posts[0]?.published_at ?? null;
  let budget = contentBudget;
  const items = posts.map((p) => {
    const url = `${base}${postPath(p.post_type, p.slug)}`;
    const image = postImage(p, base);
    let encoded: string | undefined;
    // A body longer than what is left of the budget is not cleaned at all.
    if (p.content !== null && p.content.length <= budget) {
      const alt = p.image_decorative ? '' : p.image_alt?.trim() || p.title;
      encoded = esc(
        absoluteLinks(`${image ? `<p><img src="${esc(image)}" alt="${esc(alt)}" /></p>` : ''}${sanitizePostHtml(p.content)}`, base),
      );
      const size = Buffer.byteLength(encoded);
      if (size <= budget) budget -= size;
      else encoded = undefined;
    }
    const withBody = encoded !== undefined;
    return [
      '    <item>',
      `      <title>${esc(p.title)}</title>`,
      `      <link>${esc(url)}</link>`,
      `      <guid isPermaLink="true">${esc(url)}</guid>`,
      `      <description>${esc(p.description)}</description>`,
      ...(withBody ? [`      <content:encoded>${encoded}</content:encoded>`] : []),
      ...(image ? [`      <media:content url="${esc(image)}" medium="image" />`] : []),
      // One dc:creator a chosen author (RSS's own <author> wants an email address, which operators do not publish).
      ...(p.author_list?.length ? p.author_list.map((a) => a.name) : [p.author_name]).map(
        (name) => `      <dc:creator>${esc(name)}</dc:creator>`,
      ),
      ...(p.published_at ? [`      <pubDate>${p.published_at.toUTCString()}</pubDate>`] : []),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"' +
      ' xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">',
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

/**
 * The autodiscovery tags a feed reader looks for in a page's <head>: both feeds, on every page the
 * server sends (http/spa.ts puts them in the app's index.html).
 */
export const FEED_LINK_TAGS = (Object.keys(FEEDS) as PostType[])
  .map((t) => `<link rel="alternate" type="application/rss+xml" title="${esc(FEEDS[t].title)}" href="${esc(FEEDS[t].path)}" />`)
  .join('\n    ');
