import {
  firstReads,
  hasControlCharacters,
  MSG,
  PAGE_SIZES,
  siteEndpoints as e,
  TAG_PAGES,
  type PostListResponse,
  type PostType,
  type PublicPagePath,
} from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { SERVER_RENDER_AGENT } from '../../http/server-render.ts';
import type { AppInstance } from '../../http/types.ts';
import { onContentChange } from '../../lib/content-changes.ts';
import {
  findPublishedPost,
  findTag,
  listPublishedForFeeds,
  listPublishedForSitemap,
  listTagsForSitemap,
  publishedPostStats,
  readTagPage,
} from '../blog/index.ts';
import { postPath, siteBase } from './escape.ts';
import {
  FEED_CONTENT_BUDGET,
  FEED_LINK_TAGS,
  postsPerSitemap,
  robotsTxt,
  rssXml,
  SITEMAP_LIMITS,
  SITEMAP_TAGS_MAX,
  sitemapFile,
  sitemapIndexXml,
  sitemapPagesXml,
  sitemapPostFiles,
  sitemapPostsXml,
  type SitemapLimits,
} from './feeds.ts';
import { headTags, publicPageHead } from './head-tags.ts';
import { listPageQuery } from './list-page-query.ts';
import { postBodyHtml, postHeadTags } from './post-head.ts';
import { RENDERED_PAGES } from './rendered-pages.ts';
import { tagHeadTags } from './tag-head.ts';
import { addHeadTags, FALLBACK_INDEX_HTML, renderSpaPage, withRenderedRoot } from './render-spa-page.ts';

const RSS_ITEMS = 50;
/** How long the sitemap's post count is trusted for turning away a file past the last (a post change drops it sooner). */
const COUNT_MAX_AGE_MS = 30_000;

export interface SeoOptions {
  /** The sitemap files' bounds (tests lower them). */
  sitemap?: SitemapLimits;
}

/**
 * Top-level routes for visitors, search engines and link previews (outside /api): the public
 * pages rendered on the server (decision 128), each with its own <head> (decision 173), post
 * pages, the sitemap index and its files, RSS feeds and robots.txt. Register before the SPA
 * not-found handler. Their answers are kept and revalidated by the public cache (public-reads.ts),
 * under their canonical address: a handler's answer depends on nothing else of the request.
 */
export function seoRoutes(deps: Deps, options: SeoOptions = {}) {
  const limits = options.sitemap ?? SITEMAP_LIMITS;
  const publicUrl = deps.config.PUBLIC_URL;
  // Without the web build, the feeds are named all the same (the build's pages get them from http/spa.ts).
  const fallbackHtml = FALLBACK_INDEX_HTML.replace('</head>', () => `${FEED_LINK_TAGS}\n</head>`);
  return async (app: AppInstance) => {
    // index.html naming the page's own scripts for preloading (http/spa.ts).
    const indexHtml = (pathname = '', reads = true) => app.spaHtmlFor?.(pathname, { reads }) ?? app.spaIndexHtml ?? fallbackHtml;

    /**
     * The app's page for a canonical address, rendered on the server with the web app's screens
     * when `render` (else the app shell naming the page's scripts and first reads); `head` edits
     * its <head>, `body` draws what the root holds when it was not rendered (only then).
     */
    const appPage = async (url: string, o: { head: (html: string) => string; body?: () => string; render?: boolean }) => {
      const pathname = url.split('?')[0]!;
      const rendered = o.render === false ? null : await app.renderPage?.(url);
      const html = o.head(indexHtml(pathname, !rendered));
      if (rendered) return withRenderedRoot(html, rendered);
      const { body } = o;
      return body ? html.replace('<div id="root"></div>', () => `<div id="root">${body()}</div>`) : html;
    };
    const sendPage = (reply: FastifyReply, html: string) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    const notFound = (reply: FastifyReply) => reply.code(404).send({ detail: MSG.notFound, code: 'not_found' });

    const postPage = (postType: PostType) => async (req: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      const slug = req.params.slug;
      const post = slug && slug.length <= 200 && !hasControlCharacters(slug) ? await findPublishedPost(deps.db, postType, slug) : undefined;
      // `/blog/` reaches this route with no slug: the list's own address.
      if (!slug) return reply.redirect(postType === 'blog' ? e.blogList.path : e.pressList.path, 301);
      if (!post) return reply.code(404).send(indexHtml());
      // A former slug: send crawlers and people to the address the post has now.
      if (post.slug !== slug) return reply.redirect(postPath(postType, post.slug), 301);
      const head = postHeadTags(post, publicUrl);
      // Crawlers get the post's body in the page even when it could not be rendered.
      return reply.send(
        await appPage(postPath(postType, post.slug), { head: (html) => renderSpaPage(html, head), body: () => postBodyHtml(post) }),
      );
    };

    route(app, e.blogPost, postPage('blog'));
    route(app, e.pressRelease, postPage('press_release'));

    // Sitemap: an index built from a count, and files of a fixed number of posts each.
    const perFile = postsPerSitemap(publicUrl, limits);
    let counted: { at: number; files: Promise<number> } | undefined;
    const unsubscribe = onContentChange(deps.db, {
      changed: (topic) => {
        if (topic === 'posts') counted = undefined;
      },
      listening: () => {
        counted = undefined;
      },
    });
    app.addHook('onClose', async () => unsubscribe());
    const postFiles = () => {
      if (!counted || Date.now() - counted.at > COUNT_MAX_AGE_MS) {
        counted = { at: Date.now(), files: publishedPostStats(deps.db).then((s) => sitemapPostFiles(s.count, perFile)) };
        counted.files.catch(() => (counted = undefined));
      }
      return counted.files;
    };
    const xml = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').send(body);
    route(app, e.sitemap, async (_req, reply) => {
      const stats = await publishedPostStats(deps.db);
      return xml(reply, sitemapIndexXml(publicUrl, sitemapPostFiles(stats.count, perFile), limits));
    });
    route(app, e.sitemapFile, async (req, reply) => {
      if (req.params.file === 'pages.xml') {
        const [stats, tags] = await Promise.all([publishedPostStats(deps.db), listTagsForSitemap(deps.db, SITEMAP_TAGS_MAX)]);
        return xml(reply, sitemapPagesXml(publicUrl, stats.newest, tags));
      }
      const n = sitemapFile.postsNumber(req.params.file);
      // Past the last file: turned away from a kept count, so no address makes the database skip rows for nothing.
      if (!n || n > (await postFiles())) return notFound(reply);
      const posts = await listPublishedForSitemap(deps.db, (n - 1) * perFile, perFile);
      return posts.length ? xml(reply, sitemapPostsXml(publicUrl, posts)) : notFound(reply);
    });

    const feed = (postType: PostType) => async (_req: FastifyRequest, reply: FastifyReply) => {
      const rss = rssXml(publicUrl, postType, await listPublishedForFeeds(deps.db, postType, RSS_ITEMS, FEED_CONTENT_BUDGET));
      return reply.type('application/rss+xml; charset=utf-8').send(rss);
    };

    /** A page's own <head> (PUBLIC_PAGE_META); a list's later page is its own canonical address. */
    const pageHead = (path: PublicPagePath, page = 1) => {
      const head = publicPageHead(path, publicUrl);
      if (page > 1) head.url = `${siteBase(publicUrl)}${path}?page=${page}`;
      return (html: string) => renderSpaPage(html, headTags(head));
    };
    const page = (path: PublicPagePath) => async (_req: FastifyRequest, reply: FastifyReply) =>
      sendPage(reply, await appPage(path, { head: pageHead(path) }));
    for (const p of RENDERED_PAGES) route(app, p.endpoint, page(p.endpoint.path as PublicPagePath));

    /** How many pages a list has, from its first page's read (a kept copy: no query per request). */
    const listPages = async (path: string) => {
      const res = await app.inject({
        method: 'GET',
        url: firstReads(path)[0]!,
        headers: { accept: 'application/json', 'user-agent': SERVER_RENDER_AGENT },
      });
      if (res.statusCode !== 200) throw new Error(`${path}: its list read answered ${res.statusCode}`);
      return res.json<PostListResponse>().pages;
    };
    /**
     * A list page: `?page=N` as the app writes it (2 and up), else sent to the address without it
     * (301); a page past the last is 404; a search is drawn by the app in the browser.
     */
    const listPage = (postType: PostType) => {
      const path = (postType === 'blog' ? e.blogList.path : e.pressList.path) as PublicPagePath;
      return async (req: FastifyRequest, reply: FastifyReply) => {
        const at = req.url.indexOf('?');
        const query = listPageQuery(new URLSearchParams(at < 0 ? '' : req.url.slice(at + 1)));
        if (query.redirect !== undefined) return reply.redirect(`${path}${query.redirect}`, 301);
        if (query.search) return sendPage(reply, await appPage(path, { head: pageHead(path), render: false }));
        if (query.page > 1 && query.page > (await listPages(path))) {
          reply.code(404).header('x-robots-tag', 'noindex');
          return sendPage(reply, await appPage(path, { head: pageHead(path), render: false }));
        }
        return sendPage(reply, await appPage(query.page > 1 ? `${path}?page=${query.page}` : path, { head: pageHead(path, query.page) }));
      };
    };

    // A draft preview: never kept by any cache, never indexed, whatever the page's scripts do.
    route(app, e.previewPage, async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(addHeadTags(indexHtml(), '<meta name="robots" content="noindex, nofollow" />')),
    );
    // A shared report's viewer (issue 27): as a preview, and the token in its address goes nowhere else.
    route(app, e.sharePage, async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer')
        .send(addHeadTags(indexHtml(), '<meta name="robots" content="noindex, nofollow" /><meta name="referrer" content="no-referrer" />')),
    );
    /** A tag by the slug in an address: never a control character or an overlong slug sent to the database. */
    const tagOf = async (slug: string) => (slug && slug.length <= 200 && !hasControlCharacters(slug) ? findTag(deps.db, slug) : undefined);
    // A tag's page (decision 204): as the list pages, per page number; an unknown tag or a page past the last is a 404.
    route(app, e.tagPage, async (req, reply) => {
      const tag = await tagOf(req.params.slug);
      if (!tag) return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml());
      const path = TAG_PAGES.page(tag.slug);
      const at = req.url.indexOf('?');
      const query = listPageQuery(new URLSearchParams(at < 0 ? '' : req.url.slice(at + 1)));
      if (query.redirect !== undefined) return reply.redirect(`${path}${query.redirect}`, 301);
      // A former slug, however many renames ago (decision 226): to the tag's address now, at the page asked for.
      if (tag.slug !== req.params.slug)
        return reply.redirect(`${path}${query.search ? req.url.slice(at) : query.page > 1 ? `?page=${query.page}` : ''}`, 301);
      const head = (html: string) => renderSpaPage(html, tagHeadTags(tag, publicUrl, query.page));
      if (query.page > 1 && query.page > (await readTagPage(deps.db, tag.slug, { page: 1, limit: PAGE_SIZES.blog })).pages) {
        reply.code(404).header('x-robots-tag', 'noindex');
        return sendPage(reply, await appPage(path, { head, render: false }));
      }
      return sendPage(reply, await appPage(query.page > 1 ? `${path}?page=${query.page}` : path, { head }));
    });
    route(app, e.tagFeed, async (req, reply) => {
      const tag = await tagOf(req.params.slug);
      if (!tag) return notFound(reply);
      if (tag.slug !== req.params.slug) return reply.redirect(TAG_PAGES.feed(tag.slug), 301);
      const posts = await listPublishedForFeeds(deps.db, 'blog', RSS_ITEMS, FEED_CONTENT_BUDGET, tag.id);
      const channel = {
        title: TAG_PAGES.feedTitle(tag.name),
        page: TAG_PAGES.page(tag.slug),
        path: TAG_PAGES.feed(tag.slug),
        description: TAG_PAGES.description(tag.name),
      };
      return reply.type('application/rss+xml; charset=utf-8').send(rssXml(publicUrl, 'blog', posts, FEED_CONTENT_BUDGET, channel));
    });
    route(app, e.blogFeed, feed('blog'));
    route(app, e.pressFeed, feed('press_release'));
    route(app, e.blogList, listPage('blog'));
    route(app, e.pressList, listPage('press_release'));
    route(app, e.rssGuess, feed('blog'));
    route(app, e.feedGuess, feed('blog'));

    route(app, e.robots, async (_req, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)));
  };
}
