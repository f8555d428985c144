import type { PostType } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call, publicEndpoints } from '../../../lib/api.ts';

/** GET /blog/posts/{slug}: the full published post; its content is HTML the server has sanitised. */
export const fetchPost = async (slug: string, postType: PostType, signal?: AbortSignal) =>
  call((await publicEndpoints()).blogEndpoints.read, { params: { slug }, query: { post_type: postType }, signal });

export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/** A post by its slug. A 404 is final (no retry); the page shows its own toasts. */
export const postQuery = (slug: string, postType: PostType) =>
  queryOptions({
    queryKey: ['posts', postType, 'detail', slug],
    queryFn: ({ signal }) => fetchPost(slug, postType, signal),
    retry: (failures, err) => !isNotFound(err) && failures < 1,
    meta: { silent: true },
  });
