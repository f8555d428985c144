import { blogEndpoints as blog, type PostInput, type PostType } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** GET /blog/admin/posts?post_type= — every post of the type, whatever its status. */
export const postsQuery = (type: PostType) =>
  queryOptions({
    queryKey: adminKeys.posts(type),
    queryFn: ({ signal }) =>
      logged(type === 'blog' ? 'blog posts' : 'press releases', async () =>
        (await asOperator((authorization) => call(blog.adminList, { query: { post_type: type }, signal, authorization }))).posts,
      ),
    meta: SILENT,
  });

export const postsApi = {
  create: (input: PostInput) => asOperator((authorization) => call(blog.create, { body: input, authorization })),
  update: (id: string, input: PostInput) => asOperator((authorization) => call(blog.update, { params: { id }, body: input, authorization })),
  remove: (id: string) => asOperator((authorization) => call(blog.remove, { params: { id }, authorization })),
  publish: (id: string) => asOperator((authorization) => call(blog.publish, { params: { id }, authorization })),
  unpublish: (id: string) => asOperator((authorization) => call(blog.unpublish, { params: { id }, authorization })),
  /** POST /blog/admin/preview — the content as the server would store it (sanitised HTML). */
  preview: (content: string, signal?: AbortSignal) =>
    asOperator((authorization) => call(blog.preview, { body: { content }, signal, authorization })),
};
