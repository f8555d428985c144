import { messageResponse } from '../schemas/auth.ts';
import {
  adminPostListQuery,
  adminPostListResponse,
  postIdParams,
  postInput,
  postListQuery,
  postListResponse,
  postPreviewLinkSchema,
  postPreviewRequest,
  postPreviewResponse,
  postPreviewTokenParams,
  postSavedSchema,
  postSchema,
  postSlugParams,
  postTypeQuery,
} from '../schemas/blog.ts';
import { endpoint } from './endpoint.ts';

const tags = ['blog'];

/** Blog posts and press releases: the public reading calls and the operators' editing calls. */
export const blogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/blog/posts',
    auth: 'public',
    tags,
    description: 'Published posts of one type, newest first. `q`: full-text search over title, description and content.',
    query: postListQuery,
    responses: { 200: postListResponse },
  }),
  read: endpoint({
    method: 'GET',
    path: '/blog/posts/:slug',
    auth: 'public',
    tags,
    description: 'The full published post (by its current or a former slug); counts one view per visitor per hour.',
    params: postSlugParams,
    query: postTypeQuery,
    responses: { 200: postSchema },
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/blog/admin/posts',
    auth: 'operator',
    tags,
    description: 'Newest created first, at most `limit` (default 50, at most 100), list fields only (no `content`: read one post with GET /blog/admin/posts/{id}), filtered by `status` and `q` (title, slug, description); X-Next-Cursor names the next page (`cursor`). The first page (no cursor) carries X-Total-Count (X-Total-Count-Capped when a lower bound).',
    query: adminPostListQuery,
    responses: { 200: adminPostListResponse },
  }),
  adminRead: endpoint({
    method: 'GET',
    path: '/blog/admin/posts/:id',
    auth: 'operator',
    tags,
    description: 'One post whole (with `content`), whatever its status, for the editor. An unknown id is a 404.',
    params: postIdParams,
    responses: { 200: postSchema },
  }),
  create: endpoint({ method: 'POST', path: '/blog/admin/posts', auth: 'operator', tags, body: postInput, responses: { 201: postSavedSchema } }),
  update: endpoint({
    method: 'PUT', path: '/blog/admin/posts/:id', auth: 'operator', tags, params: postIdParams, body: postInput, responses: { 200: postSavedSchema },
  }),
  remove: endpoint({
    method: 'DELETE', path: '/blog/admin/posts/:id', auth: 'operator', tags, params: postIdParams, responses: { 200: messageResponse },
  }),
  publish: endpoint({
    method: 'POST', path: '/blog/admin/posts/:id/publish', auth: 'operator', tags, params: postIdParams, responses: { 200: postSchema },
  }),
  unpublish: endpoint({
    method: 'POST', path: '/blog/admin/posts/:id/unpublish', auth: 'operator', tags, params: postIdParams, responses: { 200: postSchema },
  }),
  preview: endpoint({
    method: 'POST',
    path: '/blog/admin/preview',
    auth: 'operator',
    tags,
    description: 'The sanitised HTML exactly as it would be stored, and what the sanitiser removed, for the post form\'s live preview.',
    body: postPreviewRequest,
    responses: { 200: postPreviewResponse },
  }),
  previewLink: endpoint({
    method: 'POST',
    path: '/blog/admin/posts/:id/preview-link',
    auth: 'operator',
    tags,
    description: 'A signed link (valid POST_PREVIEW_MINUTES) showing the post on the site as saved, draft or not.',
    params: postIdParams,
    responses: { 200: postPreviewLinkSchema },
  }),
  readPreview: endpoint({
    method: 'GET',
    path: '/blog/preview/:token',
    auth: 'public',
    tags,
    description: 'The post a preview token names, whatever its status; never cached, never indexed. A bad or expired token is a 404.',
    params: postPreviewTokenParams,
    responses: { 200: postSchema },
  }),
};
