import {
  adminPostListQuery,
  adminPostListResponse,
  messageResponse,
  MSG,
  pathParam,
  postInput,
  postListQuery,
  postListResponse,
  postPreviewRequest,
  postPreviewResponse,
  postSchema,
  postTypeQuery,
} from '@assay/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { operator, requireOperator } from '../operators/index.ts';
import { createPost } from './create-post.ts';
import { deletePost } from './delete-post.ts';
import { listAdminPosts } from './list-admin-posts.ts';
import { listPublishedPosts } from './list-published-posts.ts';
import { publishPost } from './publish-post.ts';
import { readPublishedPost } from './read-published-post.ts';
import { sanitizePostHtml } from './sanitize-post-html.ts';
import { unpublishPost } from './unpublish-post.ts';
import { updatePost } from './update-post.ts';
import { pruneOldViews, visitorHash } from './visitor.ts';

const slugParams = z.object({ slug: pathParam(200) });
const idParams = z.object({ id: pathParam(100) });

export function blogRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['blog'];

    r.get('/blog/posts', {
      schema: {
        tags,
        description: 'Published posts of one type, newest first. `q`: full-text search over title, description and content.',
        querystring: postListQuery,
        response: { 200: postListResponse },
      },
    }, async (req) => listPublishedPosts(deps.db, req.query));

    r.get('/blog/posts/:slug', {
      schema: {
        tags,
        description: 'The full published post (by its current or a former slug); counts one view per visitor per hour.',
        params: slugParams,
        querystring: postTypeQuery,
        response: { 200: postSchema },
      },
    }, async (req) => {
      const visitor = visitorHash(deps.config.JWT_SECRET, req.ip, req.headers['user-agent']);
      const post = await readPublishedPost(deps.db, req.params.slug, req.query.post_type, visitor);
      if (visitor && Math.random() < 0.01) {
        void pruneOldViews(deps.db).catch((err: unknown) => req.log.warn({ err }, 'pruning post views failed'));
      }
      return post;
    });

    await app.register(async (admin) => {
      const a = admin.withTypeProvider<ZodTypeProvider>();
      const schema = { tags, security: [{ admin: [] }] };
      a.addHook('preHandler', requireOperator(deps));

      a.get('/blog/admin/posts', {
        schema: {
          ...schema,
          description: 'Newest created first, at most `limit` (default 200); X-Next-Cursor names the next page (`cursor`).',
          querystring: adminPostListQuery,
          response: { 200: adminPostListResponse },
        },
      }, async (req, reply) => {
        const { posts, next } = await listAdminPosts(deps.db, req.query);
        pageHeaders(reply, { next });
        return { posts };
      });

      a.post('/blog/admin/posts', {
        schema: { ...schema, body: postInput, response: { 201: postSchema } },
      }, async (req, reply) => {
        reply.code(201);
        return createPost(deps.db, operator(req), req.body);
      });

      a.put('/blog/admin/posts/:id', {
        schema: { ...schema, params: idParams, body: postInput, response: { 200: postSchema } },
      }, async (req) => updatePost(deps.db, operator(req), req.params.id, req.body));

      a.delete('/blog/admin/posts/:id', {
        schema: { ...schema, params: idParams, response: { 200: messageResponse } },
      }, async (req) => {
        await deletePost(deps.db, operator(req), req.params.id);
        return { message: MSG.postDeleted };
      });

      a.post('/blog/admin/posts/:id/publish', {
        schema: { ...schema, params: idParams, response: { 200: postSchema } },
      }, async (req) => publishPost(deps.db, operator(req), req.params.id));

      a.post('/blog/admin/posts/:id/unpublish', {
        schema: { ...schema, params: idParams, response: { 200: postSchema } },
      }, async (req) => unpublishPost(deps.db, operator(req), req.params.id));

      a.post('/blog/admin/preview', {
        schema: {
          ...schema,
          description: 'The sanitised HTML exactly as it would be stored, for the post form\'s live preview.',
          body: postPreviewRequest,
          response: { 200: postPreviewResponse },
        },
      }, async (req) => ({ html: sanitizePostHtml(req.body.content) }));
    });
  };
}
