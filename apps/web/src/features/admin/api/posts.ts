import type { AdminPostListResponse, Post, PostInput, PostType } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { adminApi, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** GET /blog/admin/posts?post_type= — every post of the type, whatever its status. */
export const postsQuery = (type: PostType) =>
  queryOptions({
    queryKey: adminKeys.posts(type),
    queryFn: ({ signal }) =>
      logged(type === 'blog' ? 'blog posts' : 'press releases', async () =>
        (await adminApi<AdminPostListResponse>(`/blog/admin/posts?post_type=${type}`, { signal })).posts,
      ),
    meta: SILENT,
  });

const postPath = (id: string) => `/blog/admin/posts/${encodeURIComponent(id)}`;

export const postsApi = {
  create: (input: PostInput) => adminApi<Post>('/blog/admin/posts', { method: 'POST', body: input }),
  update: (id: string, input: PostInput) => adminApi<Post>(postPath(id), { method: 'PUT', body: input }),
  remove: (id: string) => adminApi<{ message: string }>(postPath(id), { method: 'DELETE' }),
  publish: (id: string) => adminApi<Post>(`${postPath(id)}/publish`, { method: 'POST' }),
  unpublish: (id: string) => adminApi<Post>(`${postPath(id)}/unpublish`, { method: 'POST' }),
  /** POST /blog/admin/preview — the content as the server would store it (sanitised HTML). */
  preview: (content: string, signal?: AbortSignal) =>
    adminApi<{ html: string }>('/blog/admin/preview', { method: 'POST', body: { content }, signal }),
};
