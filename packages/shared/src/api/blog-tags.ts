import { messageResponse } from '../schemas/auth.ts';
import {
  adminTagListQuery,
  adminTagListResponse,
  adminTagSchema,
  tagIdParams,
  tagInput,
  tagPageQuery,
  tagPageResponse,
  tagSlugParams,
} from '../schemas/tags.ts';
import { endpoint } from './endpoint.ts';

const tags = ['blog'];

/** Tags (decision 204): the operators' tag calls and the public tag page's read. Part of blogEndpoints. */
export const blogTagEndpoints = {
  tagPage: endpoint({
    method: 'GET',
    path: '/blog/tags/:slug',
    auth: 'public',
    tags,
    description:
      'The tag and a page of its published blog posts, newest first. A slug the tag held before reads it too (`tag.slug` is its address now); an unknown tag is a 404.',
    params: tagSlugParams,
    query: tagPageQuery,
    responses: { 200: tagPageResponse },
  }),
  adminTags: endpoint({
    method: 'GET',
    path: '/blog/admin/tags',
    auth: 'operator',
    tags,
    description: 'Tags by name (at most `limit`), each with how many posts carry it; `q`: names holding these letters.',
    query: adminTagListQuery,
    responses: { 200: adminTagListResponse },
  }),
  createTag: endpoint({
    method: 'POST',
    path: '/blog/admin/tags',
    auth: 'operator',
    tags,
    description: 'A new tag; its slug is transliterated from the name and made unique. A name already used (in any case) is a 409.',
    body: tagInput,
    responses: { 201: adminTagSchema },
  }),
  updateTag: endpoint({
    method: 'PUT',
    path: '/blog/admin/tags/:id',
    auth: 'operator',
    tags,
    description:
      'Renames the tag; its address changes only when `slug` is given (an address held by another tag now is a 409), and the old address then redirects (301) to the new one, page and feed.',
    params: tagIdParams,
    body: tagInput,
    responses: { 200: adminTagSchema },
  }),
  removeTag: endpoint({
    method: 'DELETE',
    path: '/blog/admin/tags/:id',
    auth: 'operator',
    tags,
    description: 'Deletes the tag and takes it off every post; its page and feed are gone (404).',
    params: tagIdParams,
    responses: { 200: messageResponse },
  }),
};
