import { blogEndpoints as blog, type TagInput } from '@assay/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { asOperator, SILENT } from '../lib/admin-api.ts';
import { adminKeys } from './keys.ts';

/** Every tag the picker and the tag manager offer (by name; up to 500, decision 204). */
export const TAGS_LIMIT = 500;

export const tagsKey = [...adminKeys.all, 'tags'] as const;

export const tagsQuery = () =>
  queryOptions({
    queryKey: tagsKey,
    queryFn: ({ signal }) => asOperator((authorization) => call(blog.adminTags, { query: { limit: TAGS_LIMIT }, signal, authorization })),
    meta: SILENT,
  });

export const tagsApi = {
  create: (input: TagInput) => asOperator((authorization) => call(blog.createTag, { body: input, authorization })),
  update: (id: string, input: TagInput) =>
    asOperator((authorization) => call(blog.updateTag, { params: { id }, body: input, authorization })),
  remove: (id: string) => asOperator((authorization) => call(blog.removeTag, { params: { id }, authorization })),
};
