import {
  blogEndpoints as blog,
  mediaEndpoints as media,
  type ADMIN_POST_STATUS_FILTERS,
  type PostInput,
  type AdminPostSummary,
  type PostType,
} from '@assay/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call, callRaw, readJson } from '../../../lib/api.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/**
 * How many posts of the type there are, whatever their status: the first page's X-Total-Count
 * (a page of one post; the tab counts were once the length of a 200-post page).
 */
export const postCountQuery = (type: PostType) =>
  queryOptions({
    queryKey: [...adminKeys.posts(type), 'count'] as const,
    queryFn: ({ signal }) =>
      logged(type === 'blog' ? 'blog posts' : 'press releases', () =>
        asOperator(async (authorization) => {
          const res = await callRaw(blog.adminList, { query: { post_type: type, limit: 1 }, signal, authorization });
          const { posts } = await readJson(blog.adminList, res);
          const header = res.headers.get('x-total-count');
          return { total: header === null ? posts.length : Number(header), capped: res.headers.get('x-total-count-capped') === 'true' };
        }),
      ),
    meta: SILENT,
  });

/** The posts tab's filters: words in the title, slug or description, a status and a tag id ('' for any). */
export interface PostFilter {
  q: string;
  status: (typeof ADMIN_POST_STATUS_FILTERS)[number] | '';
  tag: string;
}

export const POSTS_PAGE_SIZE = 20;

/** GET /blog/admin/posts with filters, a page at a time: each page names the next in X-Next-Cursor. */
export const postsPagesQuery = (type: PostType, filter: PostFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.posts(type), 'pages', filter] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      logged(type === 'blog' ? 'blog posts' : 'press releases', () =>
        asOperator(
          async (
            authorization,
          ): Promise<{ posts: AdminPostSummary[]; next: string | undefined; total?: { n: number; capped: boolean } }> => {
            const res = await callRaw(blog.adminList, {
              query: {
                post_type: type,
                limit: POSTS_PAGE_SIZE,
                q: filter.q || undefined,
                status: filter.status || undefined,
                tag: filter.tag || undefined,
                cursor: pageParam,
              },
              signal,
              authorization,
            });
            const { posts } = await readJson(blog.adminList, res);
            // The first page carries the filter's true total (X-Total-Count), not the length of a page.
            const header = res.headers.get('x-total-count');
            const total = header === null ? undefined : { n: Number(header), capped: res.headers.get('x-total-count-capped') === 'true' };
            return { posts, next: res.headers.get('x-next-cursor') ?? undefined, ...(total ? { total } : {}) };
          },
        ),
      ),
    getNextPageParam: (last) => last.next,
    meta: SILENT,
  });

/**
 * GET /blog/admin/posts/{id} — one post whole, for the editor: the list carries list fields only.
 * Under the type's key, so a save (which invalidates the type's lists) reloads it too.
 */
export const postQuery = (type: PostType, id: string) =>
  queryOptions({
    queryKey: [...adminKeys.posts(type), 'one', id] as const,
    queryFn: ({ signal }) => asOperator((authorization) => call(blog.adminRead, { params: { id }, signal, authorization })),
    staleTime: 0,
    meta: SILENT,
  });

export const postsApi = {
  create: (input: PostInput) => asOperator((authorization) => call(blog.create, { body: input, authorization })),
  update: (id: string, input: PostInput) =>
    asOperator((authorization) => call(blog.update, { params: { id }, body: input, authorization })),
  /** PUT /blog/admin/posts/:id/editing — the open form's heartbeat; answers who else has the post open (decision 207). */
  editing: (id: string, signal?: AbortSignal) =>
    asOperator((authorization) => call(blog.editing, { params: { id }, signal, authorization })),
  stopEditing: (id: string) => asOperator((authorization) => call(blog.stopEditing, { params: { id }, authorization })),
  /** GET /blog/admin/posts/:id/revisions — newest first. */
  revisions: (id: string, signal?: AbortSignal) =>
    asOperator((authorization) => call(blog.revisions, { params: { id }, signal, authorization })),
  revision: (id: string, revisionId: string, signal?: AbortSignal) =>
    asOperator((authorization) => call(blog.revision, { params: { id, revisionId }, signal, authorization })),
  /** Puts a revision back as a new version; `version` is the one the form has (409 if the post moved on). */
  restore: (id: string, revisionId: string, version: number) =>
    asOperator((authorization) => call(blog.restoreRevision, { params: { id, revisionId }, body: { version }, authorization })),
  remove: (id: string) => asOperator((authorization) => call(blog.remove, { params: { id }, authorization })),
  publish: (id: string) => asOperator((authorization) => call(blog.publish, { params: { id }, authorization })),
  unpublish: (id: string) => asOperator((authorization) => call(blog.unpublish, { params: { id }, authorization })),
  /** POST /blog/admin/preview — the content as the server would store it (sanitised HTML). */
  preview: (content: string, signal?: AbortSignal) =>
    asOperator((authorization) => call(blog.preview, { body: { content }, signal, authorization })),
  /** POST /blog/admin/posts/:id/preview-link — a signed link showing the saved post on the site. */
  previewLink: (id: string) => asOperator((authorization) => call(blog.previewLink, { params: { id }, authorization })),
  /** POST /media/images — an uploaded image, stored and served from /media/<hash>.webp. */
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return asOperator((authorization) => call(media.upload, { multipart: form, authorization }));
  },
};
