import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, publicEndpoints } from '../../../lib/api.ts';
import { isNotFound } from './get-post.ts';

/**
 * GET /blog/tags/{slug}: the tag and a page of its published articles (decision 204), asked for
 * exactly as the server names it among a tag page's first reads (`tagRead`), so a rendered page's
 * data is used as it is. An unknown tag is a 404, final (no retry).
 */
export const tagPageQuery = (slug: string, page: number) =>
  queryOptions({
    queryKey: ['posts', 'blog', 'tag', slug, { page }],
    queryFn: async ({ signal }) =>
      call((await publicEndpoints()).blogEndpoints.tagPage, { params: { slug }, query: { page: page > 1 ? page : undefined }, signal }),
    placeholderData: keepPreviousData,
    retry: (failures, err) => !isNotFound(err) && failures < 1,
    meta: { silent: true },
  });
