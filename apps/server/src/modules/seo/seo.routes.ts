import { FEEDS, hasControlCharacters, type PostType } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { findPublishedPost, listPublishedForFeeds, listPublishedForSitemap } from '../blog/index.ts';
import { postPath } from './escape.ts';
import { createFeedCache } from './feed-cache.ts';
import { feedLinkTag, robotsTxt, rssXml, sitemapXml } from './feeds.ts';
import { postBodyHtml, postHeadTags } from './post-head.ts';
import { addHeadTags, FALLBACK_INDEX_HTML, renderSpaPage } from './render-spa-page.ts';

const RSS_ITEMS = 50;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX = 50_000;
const FEED_CACHE = 'public, max-age=300';

/**
 * Top-level routes for search engines and link previews (outside /api): post pages with their
 * own <head>, the sitemap, RSS feeds and robots.txt. Register before the SPA not-found handler.
 */
export function seoRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const hide = { schema: { hide: true } };
    const indexHtml = () => app.spaIndexHtml ?? FALLBACK_INDEX_HTML;
    const feeds = createFeedCache(deps.db);

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
        return reply.send(renderSpaPage(indexHtml(), postHeadTags(post, deps.config.PUBLIC_URL), postBodyHtml(post)));
      };

    app.get<{ Params: { slug: string } }>('/blog/:slug', hide, postPage('blog'));
    app.get<{ Params: { slug: string } }>('/press-releases/:slug', hide, postPage('press_release'));

    app.get('/sitemap.xml', hide, async (_req, reply) => {
      const xml = await feeds.get('sitemap', async () =>
        sitemapXml(deps.config.PUBLIC_URL, await listPublishedForSitemap(deps.db, SITEMAP_MAX)));
      return reply.type('application/xml; charset=utf-8').header('cache-control', FEED_CACHE).send(xml);
    });

    const feed = (postType: PostType) => async (_req: FastifyRequest, reply: FastifyReply) => {
      const xml = await feeds.get(`rss:${postType}`, async () =>
        rssXml(deps.config.PUBLIC_URL, postType, await listPublishedForFeeds(deps.db, postType, RSS_ITEMS)));
      return reply.type('application/rss+xml; charset=utf-8').header('cache-control', FEED_CACHE).send(xml);
    };
    for (const postType of ['blog', 'press_release'] as const) {
      app.get(FEEDS[postType].path, hide, feed(postType));
      // The list page names its feed in <head>, for feed readers given the page's address.
      app.get(FEEDS[postType].page, hide, async (_req, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache')
          .send(addHeadTags(indexHtml(), feedLinkTag(postType))));
    }
    // The addresses feed readers guess first get the blog's feed, not the app.
    for (const guess of ['/rss.xml', '/feed']) app.get(guess, hide, feed('blog'));

    app.get('/robots.txt', hide, async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', FEED_CACHE).send(robotsTxt(deps.config.PUBLIC_URL)));
  };
}
