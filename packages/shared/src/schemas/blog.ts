import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { MSG, POST_EDITOR_MSG } from '../messages.ts';
import { displayNameText, lineText, listCursor, multiLineText, pathParam } from './fields.ts';

/** Blog posts and press releases (docs/product.md §2, §3 and §7). */

export const POST_TYPES = ['blog', 'press_release'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Tags (decision 204). */
export const TAG_LIMITS = { nameMax: 60, perPost: 20 } as const;

/** A tag as a post carries it. */
export const postTagSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type PostTag = z.infer<typeof postTagSchema>;

export const POST_LIMITS = {
  titleMax: 200,
  descriptionMax: 1000,
  contentMax: 200_000,
  authorMax: 100,
  imageUrlMax: 2048,
  metaTitleMax: 200,
  metaDescriptionMax: 500,
  imageAltMax: 300,
  imageCaptionMax: 500,
  socialTitleMax: 200,
  socialDescriptionMax: 500,
  canonicalUrlMax: 2048,
  authorsMax: 10,
  searchMax: 200,
  pageSizeMax: 50,
} as const;

/** Default author of a post (docs/product.md §3). */
export const DEFAULT_POST_AUTHOR = 'Admin';

/** "ana", "ana and ben", "ana, ben and cy": the byline made from the chosen authors' names (decision 206). */
export function postByline(names: string[]): string {
  if (names.length <= 1) return names[0] ?? DEFAULT_POST_AUTHOR;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Post fields: `text` is lineText, multiLineText or displayNameText. */
const requiredText = (text: typeof lineText, message: string, max: number, what: string) =>
  text(message).trim().min(1, message).max(max, `${what} must be at most ${max} characters`);

const optionalText = (text: typeof lineText, max: number, what: string) =>
  text()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * An image address: an absolute http(s) URL or a path on this site ('/images/x.png').
 * Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export const isSafeImageUrl = (v: string) => {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\u0000-\u001f\u007f]/.test(v)) return false;
  if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\');
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

export const imageUrlField = lineText(MSG.postImageUrlInvalid)
  .trim()
  .max(POST_LIMITS.imageUrlMax, MSG.postImageUrlInvalid)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isSafeImageUrl(v), MSG.postImageUrlInvalid);

/**
 * A field that PUT keeps when omitted: undefined = kept as it is, null or empty = cleared
 * (decision 206; older clients that do not know the field do not wipe it).
 */
const keptText = (max: number, what: string, message?: string) =>
  lineText(message)
    .trim()
    .max(max, message ?? `${what} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** An absolute https address with a host and no credentials (a canonical URL). */
export const isHttpsUrl = (v: string) => {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\u0000-\u001f\u007f]/.test(v)) return false;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname !== '' && !u.username && !u.password && /^https:\/\/[^/]/i.test(v);
  } catch {
    return false;
  }
};

const OPERATOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The post's authors, alt text and caption of its feature image, publication date, canonical and
 * social-card overrides (issue 30, decision 206). Omitted on PUT: kept as they are.
 */
export const postMetaInput = {
  /** Operator accounts, in the order they are named; [] = none. */
  author_ids: z
    .array(lineText().trim().regex(OPERATOR_ID, 'Choose authors from the operator accounts'))
    .max(POST_LIMITS.authorsMax, `A post has at most ${POST_LIMITS.authorsMax} authors`)
    .optional(),
  /**
   * A published post's publication date (ISO with offset): may be in the past (backdating), not in
   * the future (that is scheduling: a draft's `publish_at`).
   */
  published_at: lineText()
    .max(40, 'Publication date must be a date and time')
    .pipe(z.iso.datetime({ offset: true, message: 'Publication date must be a date and time' }))
    .optional(),
  /** What the feature image shows, for readers who cannot see it; required with an image unless decorative. */
  image_alt: keptText(POST_LIMITS.imageAltMax, 'Alt text'),
  image_caption: keptText(POST_LIMITS.imageCaptionMax, 'Caption'),
  /** The feature image adds nothing the text does not say: alt="" on purpose. */
  image_decorative: z.boolean().optional(),
  canonical_url: lineText(POST_EDITOR_MSG.postCanonicalInvalid)
    .trim()
    .max(POST_LIMITS.canonicalUrlMax, POST_EDITOR_MSG.postCanonicalInvalid)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => !v || isHttpsUrl(v), POST_EDITOR_MSG.postCanonicalInvalid),
  og_title: keptText(POST_LIMITS.socialTitleMax, 'Open Graph title'),
  og_description: keptText(POST_LIMITS.socialDescriptionMax, 'Open Graph description'),
  og_image_url: keptText(POST_LIMITS.imageUrlMax, 'Open Graph image', MSG.postImageUrlInvalid).refine(
    (v) => !v || isSafeImageUrl(v),
    MSG.postImageUrlInvalid,
  ),
  twitter_title: keptText(POST_LIMITS.socialTitleMax, 'X (Twitter) title'),
  twitter_description: keptText(POST_LIMITS.socialDescriptionMax, 'X (Twitter) description'),
  twitter_image_url: keptText(POST_LIMITS.imageUrlMax, 'X (Twitter) image', MSG.postImageUrlInvalid).refine(
    (v) => !v || isSafeImageUrl(v),
    MSG.postImageUrlInvalid,
  ),
};

/** POST and PUT /blog/admin/posts (the operator post form). Status is kept when omitted on PUT. */
export const postInput = z.object({
  title: requiredText(lineText, MSG.postTitleRequired, POST_LIMITS.titleMax, 'Title'),
  /**
   * The byline shown to readers. Omitted: made from the chosen authors' names (`author_ids`),
   * or DEFAULT_POST_AUTHOR without any (decision 206).
   */
  author_name: requiredText(displayNameText, MSG.postAuthorRequired, POST_LIMITS.authorMax, 'Author name').optional(),
  /** The excerpt; empty or omitted: generated from the content's text (decision 202). */
  description: multiLineText()
    .trim()
    .max(POST_LIMITS.descriptionMax, `Description must be at most ${POST_LIMITS.descriptionMax} characters`)
    .nullish()
    .transform((v) => v ?? ''),
  image_url: imageUrlField,
  content: requiredText(multiLineText, MSG.postContentRequired, POST_LIMITS.contentMax, 'Content'),
  post_type: z.enum(POST_TYPES).default('blog'),
  featured: z.boolean().default(false),
  status: z.enum(POST_STATUSES).optional(),
  meta_title: optionalText(lineText, POST_LIMITS.metaTitleMax, 'Meta title'),
  meta_description: optionalText(multiLineText, POST_LIMITS.metaDescriptionMax, 'Meta description'),
  /**
   * PUT only: the version the editor started from. When the post has been saved since, the save is
   * refused (409) instead of overwriting someone else's changes. Omitted: last write wins.
   */
  version: z.number().int().min(1).max(2_147_483_647).optional(),
  /**
   * The post's address, chosen by the operator; omitted or empty: made from the title (and, for a
   * post never published, following it). Once published, the old address redirects (301).
   */
  slug: lineText()
    .trim()
    .max(80, 'Slug must be at most 80 characters')
    .regex(/^$|^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may contain lowercase letters, digits and single hyphens')
    .nullish()
    .transform((v) => v || null),
  /** PUT only: an autosave (drafts only; consecutive autosaves share one revision). */
  autosave: z.boolean().optional(),
  /**
   * A draft's scheduled publication (ISO time with offset, in the future); null or omitted: not
   * scheduled. Ignored for a post published now.
   */
  publish_at: lineText()
    .max(40, 'Publish time must be a date and time')
    .pipe(z.iso.datetime({ offset: true, message: 'Publish time must be a date and time' }))
    .nullish(),
  /** The post's tags, by id (decision 204); omitted: kept as they are. */
  tag_ids: z.array(lineText().max(100)).max(TAG_LIMITS.perPost, `A post may have at most ${TAG_LIMITS.perPost} tags`).optional(),
  ...postMetaInput,
});
export type PostInput = z.input<typeof postInput>;
export type PostInputParsed = z.output<typeof postInput>;

const boolQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** GET /blog/posts */
export const postListQuery = z.object({
  post_type: z.enum(POST_TYPES).default('blog'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(POST_LIMITS.pageSizeMax).default(PAGE_SIZES.blog),
  featured_only: boolQuery,
  q: lineText().trim().max(POST_LIMITS.searchMax).optional(),
  /** A slug to leave out (related posts exclude the one being read). */
  exclude: lineText().max(200).optional(),
});
export type PostListQuery = z.input<typeof postListQuery>;

export const postTypeQuery = z.object({ post_type: z.enum(POST_TYPES).optional() });
export const postSlugParams = z.object({ slug: pathParam(200) });
export const postIdParams = z.object({ id: pathParam(100) });
/** The operators' status filter: a scheduled post is a draft with a publish time (decision 204). */
export const ADMIN_POST_STATUS_FILTERS = ['draft', 'scheduled', 'published'] as const;
export const adminPostListQuery = z.object({
  post_type: z.enum(POST_TYPES).optional(),
  status: z.enum(ADMIN_POST_STATUS_FILTERS).optional(),
  /** Posts carrying this tag (its id). */
  tag: lineText().max(100).optional(),
  /** Words in the title, slug or description (case-insensitive). */
  q: lineText().trim().max(POST_LIMITS.searchMax).optional(),
  /** The next page's position, from X-Next-Cursor. */
  cursor: listCursor,
  /** A page of list fields (no bodies); the editor reads one post whole (GET /blog/admin/posts/:id). */
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** A post as lists show it: everything but the body. */
export const postSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  post_type: z.enum(POST_TYPES),
  author_name: z.string(),
  featured: z.boolean(),
  status: z.enum(POST_STATUSES),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  view_count: z.number().int(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

/** What a post page shows besides its summary (decision 206). */
export const postMetaSchema = z.object({
  /** The chosen authors' names, in order ([] when none were chosen: the byline is author_name). */
  authors: z.array(z.string()),
  image_alt: z.string().nullable(),
  image_caption: z.string().nullable(),
  image_decorative: z.boolean(),
  canonical_url: z.string().nullable(),
  og_title: z.string().nullable(),
  og_description: z.string().nullable(),
  og_image_url: z.string().nullable(),
  twitter_title: z.string().nullable(),
  twitter_description: z.string().nullable(),
  twitter_image_url: z.string().nullable(),
});
export type PostMeta = z.infer<typeof postMetaSchema>;

/** The full post; `content` is HTML already sanitised by the server. */
export const postSchema = postSummarySchema.extend({ content: z.string(), tags: z.array(postTagSchema) }).extend(postMetaSchema.shape);
export type Post = z.infer<typeof postSchema>;

/** A post in the operator's list: with its version (for conflict checks) and who saved it last. */
export const adminPostSummarySchema = postSummarySchema.extend({
  version: z.number().int(),
  updated_by: z.string().nullable(),
  /** When a scheduled draft will be published (decision 202). */
  publish_at: z.string().nullable(),
  /** The description was generated from the text (the operator left it empty). */
  description_generated: z.boolean(),
  /** By name (decision 204). */
  tags: z.array(postTagSchema),
});
export type AdminPostSummary = z.infer<typeof adminPostSummarySchema>;
/** A post whole as the operator's editor opens it. */
export const adminPostSchema = adminPostSummarySchema
  .extend({ content: z.string() })
  .extend(postMetaSchema.shape)
  .extend({
    /** The chosen authors' operator ids, in order (the names are in `authors`). */
    author_ids: z.array(z.string()),
  });
export type AdminPost = z.infer<typeof adminPostSchema>;

/** A created or updated post, with what the sanitiser took out of its content ("removed <script>"). */
export const postSavedSchema = adminPostSchema.extend({ removed: z.array(z.string()) });
export type PostSaved = z.infer<typeof postSavedSchema>;

export const postListResponse = z.object({
  posts: z.array(postSummarySchema),
  pages: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
});
export type PostListResponse = z.infer<typeof postListResponse>;

/** The operator's post list: list fields only, never the bodies (issue 32). */
export const adminPostListResponse = z.object({ posts: z.array(adminPostSummarySchema) });

export const POST_REVISION_KINDS = ['autosave', 'save', 'published'] as const;
/** GET /blog/admin/posts/:id/revisions: newest first (the last 20, and every published version). */
export const postRevisionSummarySchema = z.object({
  id: z.string(),
  version: z.number().int(),
  kind: z.enum(POST_REVISION_KINDS),
  title: z.string(),
  operator_name: z.string(),
  created_at: z.string(),
});
export type PostRevisionSummary = z.infer<typeof postRevisionSummarySchema>;
export const postRevisionListResponse = z.object({ revisions: z.array(postRevisionSummarySchema) });
/**
 * The rest of the post a revision keeps (decision 226): its address, publication date, authors,
 * tags, feature image text and overrides, as they were at that version.
 */
export const postRevisionMetaSchema = postMetaSchema.omit({ authors: true }).extend({
  slug: z.string(),
  /** The operator chose the slug (else it followed the title). */
  slug_custom: z.boolean(),
  /** The description was generated from the text: a restore generates it again. */
  description_generated: z.boolean(),
  published_at: z.string().nullable(),
  /** The chosen authors then, in order; `gone`: the account no longer exists or has no public name (a restore leaves it out). */
  authors: z.array(z.object({ id: z.string(), name: z.string(), gone: z.boolean() })),
  /** The tags then, as named then; `gone`: deleted since (a restore leaves it out). */
  tags: z.array(postTagSchema.extend({ gone: z.boolean() })),
});
export type PostRevisionMeta = z.infer<typeof postRevisionMetaSchema>;
export const postRevisionSchema = postRevisionSummarySchema.extend({
  description: z.string(),
  content: z.string(),
  image_url: z.string().nullable(),
  author_name: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  /**
   * Null for a revision saved before revisions kept them (migration 231): restoring it puts back
   * its text and leaves the post's slug, date, authors, tags, image text and overrides as they are.
   */
  meta: postRevisionMetaSchema.nullable(),
});
export type PostRevision = z.infer<typeof postRevisionSchema>;
export const postRevisionParams = z.object({ id: pathParam(100), revisionId: pathParam(100) });
export const postRestoreRequest = z.object({ version: z.number().int().min(1).max(2_147_483_647).optional() });
export type AdminPostListResponse = z.infer<typeof adminPostListResponse>;

/** How long a draft preview link works (minutes). */
export const POST_PREVIEW_MINUTES = 60;

/** POST /blog/admin/posts/:id/preview-link: a signed link to the post on the site, draft or not. */
export const postPreviewLinkSchema = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });
export type PostPreviewLink = z.infer<typeof postPreviewLinkSchema>;
export const postPreviewTokenParams = z.object({ token: pathParam(2000) });

export const postPreviewRequest = z.object({
  content: multiLineText().max(POST_LIMITS.contentMax, `Content must be at most ${POST_LIMITS.contentMax} characters`),
});
export const postPreviewResponse = z.object({ html: z.string(), removed: z.array(z.string()) });

/** How often the open post form says it is still open, and how long a silence counts as gone (decision 207). */
export const POST_EDITING = { heartbeatMs: 10_000, ttlSeconds: 30 } as const;

/** PUT /blog/admin/posts/:id/editing: the other operators who have the post open now. */
export const postEditorsResponse = z.object({
  editors: z.array(z.object({ username: z.string(), seen_at: z.string() })),
});
export type PostEditors = z.infer<typeof postEditorsResponse>;
