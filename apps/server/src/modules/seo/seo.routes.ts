import { hasControlCharacters, siteEndpoints as e, type PostType } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { findPublishedPost, listPublishedForFeeds, listPublishedForSitemap } from '../blog/index.ts';
import { postPath } from './escape.ts';
import { feedLinkTag, robotsTxt, rssXml, sitemapXml } from './feeds.ts';
import { postBodyHtml, postHeadTags } from './post-head.ts';
import { addHeadTags, FALLBACK_INDEX_HTML, renderSpaPage } from './render-spa-page.ts';

const RSS_ITEMS = 50;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX = 50_000;

/**
 * Top-level routes for search engines and link previews (outside /api): post pages with their
 * own <head>, the sitemap, RSS feeds and robots.txt. Register before the SPA not-found handler.
 * Their answers are kept and revalidated by the public cache (public-reads.ts).
 */
export function seoRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    // index.html naming the page's own scripts for preloading (http/spa.ts).
    const indexHtml = (pathname = '') => app.spaHtmlFor?.(pathname) ?? app.spaIndexHtml ?? FALLBACK_INDEX_HTML;

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
        return reply.send(renderSpaPage(indexHtml(postPath(postType, post.slug)), postHeadTags(post, deps.config.PUBLIC_URL), postBodyHtml(post)));
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
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache')
        .send(addHeadTags(indexHtml(req.url.split('?')[0]), feedLinkTag(postType)));
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
