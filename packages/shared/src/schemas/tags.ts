import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { POST_LIMITS, postListResponse, postTagSchema, TAG_LIMITS } from './blog.ts';
import { displayNameText, lineText, pathParam } from './fields.ts';

/** Tags of posts (decision 204): operators name them; each has a public page and feed. */

export const TAG_MSG = {
  nameRequired: 'Enter a tag name',
  nameTaken: 'A tag with this name already exists',
  slugTaken: 'Another tag already uses this address. Choose another slug.',
  notFound: 'Tag not found',
  unknownOnPost: 'One of the tags no longer exists. Reload the tags and try again.',
  deleted: 'Tag deleted',
} as const;

/** POST /blog/admin/tags and PUT /blog/admin/tags/:id. */
export const tagInput = z.object({
  name: displayNameText(TAG_MSG.nameRequired)
    .trim()
    .min(1, TAG_MSG.nameRequired)
    .max(TAG_LIMITS.nameMax, `A tag name must be at most ${TAG_LIMITS.nameMax} characters`),
  /** PUT only: a new address for the tag page; omitted, the address stays (decision 204). */
  slug: lineText()
    .trim()
    .max(80, 'Slug must be at most 80 characters')
    .regex(/^$|^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may contain lowercase letters, digits and single hyphens')
    .nullish()
    .transform((v) => v || null),
});
export type TagInput = z.input<typeof tagInput>;

export const tagIdParams = z.object({ id: pathParam(100) });

/** GET /blog/admin/tags: by name, at most `limit`, optionally those whose name holds `q`. */
export const adminTagListQuery = z.object({
  q: lineText().trim().max(TAG_LIMITS.nameMax).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** A tag in the operators' list, with how many posts (of any status) carry it. */
export const adminTagSchema = postTagSchema.extend({ post_count: z.number().int() });
export type AdminTag = z.infer<typeof adminTagSchema>;
export const adminTagListResponse = z.object({ tags: z.array(adminTagSchema) });

/** GET /blog/tags/:slug: a page of the tag's published blog posts. */
export const tagPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(POST_LIMITS.pageSizeMax).default(PAGE_SIZES.blog),
});
export const tagSlugParams = z.object({ slug: pathParam(200) });
export const tagPageResponse = postListResponse.extend({ tag: z.object({ name: z.string(), slug: z.string() }) });
export type TagPageResponse = z.infer<typeof tagPageResponse>;
