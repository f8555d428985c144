import { hasControlCharacters, siteEndpoints as e, type PostType } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { findPublishedPost, listPublishedForFeeds, listPublishedForSitemap } from '../blog/index.ts';
import { postPath } from './escape.ts';
import { feedLinkTag, robotsTxt, rssXml, sitemapXml } from './feeds.ts';
import { postBodyHtml, postHeadTags } from './post-head.ts';
import { RENDERED_PAGES } from './rendered-pages.ts';
import { addHeadTags, FALLBACK_INDEX_HTML, renderSpaPage, withRenderedRoot } from './render-spa-page.ts';

const RSS_ITEMS = 50;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX = 50_000;

/**
 * Top-level routes for visitors, search engines and link previews (outside /api): the public
 * pages rendered on the server (decision 128), post pages with their own <head>, the sitemap, RSS
 * feeds and robots.txt. Register before the SPA not-found handler. Their answers are kept and
 * revalidated by the public cache (public-reads.ts).
 */
export function seoRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    // index.html naming the page's own scripts for preloading (http/spa.ts).
    const indexHtml = (pathname = '', reads = true) => app.spaHtmlFor?.(pathname, { reads }) ?? app.spaIndexHtml ?? FALLBACK_INDEX_HTML;

    /**
     * The app's page for a URL, rendered on the server with the web app's screens when it can be
     * (else the app shell naming the page's scripts and first reads); `head` edits its <head>,
     * `body` is what the root holds when it was not rendered.
     */
    const appPage = async (url: string, head: (html: string) => string = (html) => html, body = '') => {
      const pathname = url.split('?')[0]!;
      const rendered = renderable(url) ? await app.renderPage?.(url) : null;
      const html = head(indexHtml(pathname, !rendered));
      if (rendered) return withRenderedRoot(html, rendered);
      return body ? html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`) : html;
    };
    const sendPage = (reply: FastifyReply, html: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

    const postPage = (postType: PostType) =>
      async (req: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        const slug = req.params.slug;
        const post = slug && slug.length <= 200 && !hasControlCharacters(slug)
          ? await findPublishedPost(deps.db, postType, slug)
          : undefined;
        if (!post) return reply.code(slug ? 404 : 200).send(indexHtml());
        // A former slug: send crawlers and people to the address the post has now.
        if (post.slug !== slug) return reply.redirect(postPath(postType, post.slug), 301);
        const head = postHeadTags(post, deps.config.PUBLIC_URL);
        // Crawlers get the post's body in the page even when it could not be rendered.
        return reply.send(await appPage(req.url, (html) => renderSpaPage(html, head), postBodyHtml(post)));
      };

    route(app, e.blogPost, postPage('blog'));
    route(app, e.pressRelease, postPage('press_release'));

    route(app, e.sitemap, async (_req, reply) => {
      const xml = sitemapXml(deps.config.PUBLIC_URL, await listPublishedForSitemap(deps.db, SITEMAP_MAX));
      return reply.type('application/xml; charset=utf-8').send(xml);
    });

    const feed = (postType: PostType) => async (_req: FastifyRequest, reply: FastifyReply) => {
      const xml = rssXml(deps.config.PUBLIC_URL, postType, await listPublishedForFeeds(deps.db, postType, RSS_ITEMS));
      return reply.type('application/rss+xml; charset=utf-8').send(xml);
    };
    // The list page names its feed in <head>, for feed readers given the page's address.
    const listPage = (postType: PostType) => async (req: FastifyRequest, reply: FastifyReply) =>
      sendPage(reply, await appPage(req.url, (html) => addHeadTags(html, feedLinkTag(postType))));
    const page = async (req: FastifyRequest, reply: FastifyReply) => sendPage(reply, await appPage(req.url));
    for (const p of RENDERED_PAGES) route(app, p.endpoint, page);
    // A draft preview: never kept by any cache, never indexed, whatever the page's scripts do.
    route(app, e.previewPage, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow')
        .send(addHeadTags(indexHtml(), '<meta name="robots" content="noindex, nofollow" />')));
    route(app, e.blogFeed, feed('blog'));
    route(app, e.pressFeed, feed('press_release'));
    route(app, e.blogList, listPage('blog'));
    route(app, e.pressList, listPage('press_release'));
    route(app, e.rssGuess, feed('blog'));
    route(app, e.feedGuess, feed('blog'));

    route(app, e.robots, async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send(robotsTxt(deps.config.PUBLIC_URL)));
  };
}

/**
 * Only a page's own address is rendered on the server, or a list's page number below 1,000: any
 * other query (a search, a campaign tag) gets the app unrendered, which draws it in the browser.
 * So the renders the server can be made to do are bounded by its pages, not by the addresses
 * asked for.
 */
function renderable(url: string): boolean {
  const query = url.indexOf('?');
  return query < 0 || /^page=[1-9]\d{0,2}$/.test(url.slice(query + 1));
}
