import {
  DEFAULT_POST_AUTHOR,
  isHttpsUrl,
  isSafeImageUrl,
  MSG,
  POST_EDITOR_MSG,
  POST_LIMITS,
  type AdminPost,
  type Post,
  type PostInput,
  type PostType,
  isExternalPress,
} from '@assay/shared';
import { z } from 'zod';

const required = (message: string, max: number, what: string) =>
  z.string().trim().min(1, message).max(max, `${what} must be at most ${max} characters`);

const optional = (max: number, what: string) => z.string().trim().max(max, `${what} must be at most ${max} characters`);
const imageAddress = z
  .string()
  .trim()
  .max(POST_LIMITS.imageUrlMax, MSG.postImageUrlInvalid)
  .refine((v) => v === '' || isSafeImageUrl(v), MSG.postImageUrlInvalid);

/** Authors, the feature image's alt and caption, the publication date and the overrides (decision 206). */
const postMetaForm = {
  /** Operator ids, in the order they were chosen. */
  author_ids: z.array(z.string()).max(POST_LIMITS.authorsMax, `A post has at most ${POST_LIMITS.authorsMax} authors`),
  image_alt: optional(POST_LIMITS.imageAltMax, 'Alt text'),
  image_caption: optional(POST_LIMITS.imageCaptionMax, 'Caption'),
  image_decorative: z.boolean(),
  /** A published post's date, `datetime-local` in the operator's time zone. */
  published_at: z.string().refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), 'Enter a date and time'),
  canonical_url: z
    .string()
    .trim()
    .max(POST_LIMITS.canonicalUrlMax, POST_EDITOR_MSG.postCanonicalInvalid)
    .refine((v) => v === '' || isHttpsUrl(v), POST_EDITOR_MSG.postCanonicalInvalid),
  og_title: optional(POST_LIMITS.socialTitleMax, 'Open Graph title'),
  og_description: optional(POST_LIMITS.socialDescriptionMax, 'Open Graph description'),
  og_image_url: imageAddress,
  twitter_title: optional(POST_LIMITS.socialTitleMax, 'X (Twitter) title'),
  twitter_description: optional(POST_LIMITS.socialDescriptionMax, 'X (Twitter) description'),
  twitter_image_url: imageAddress,
};

/** The operator post form (docs/product.md §5): title, description, content and author required; image URL optional. */
export const postFormSchema = z.object({
  title: required(MSG.postTitleRequired, POST_LIMITS.titleMax, 'Title'),
  author_name: required(MSG.postAuthorRequired, POST_LIMITS.authorMax, 'Author name'),
  /** Optional: the server writes one from the text when it is empty (decision 202). */
  description: z.string().trim().max(POST_LIMITS.descriptionMax, `Description must be at most ${POST_LIMITS.descriptionMax} characters`),
  image_url: z
    .string()
    .trim()
    .max(POST_LIMITS.imageUrlMax, MSG.postImageUrlInvalid)
    .refine((v) => v === '' || isSafeImageUrl(v), MSG.postImageUrlInvalid),
  content: required(MSG.postContentRequired, POST_LIMITS.contentMax, 'Content'),
  featured: z.boolean(),
  meta_title: z.string().trim().max(POST_LIMITS.metaTitleMax, `Meta title must be at most ${POST_LIMITS.metaTitleMax} characters`),
  meta_description: z
    .string()
    .trim()
    .max(POST_LIMITS.metaDescriptionMax, `Meta description must be at most ${POST_LIMITS.metaDescriptionMax} characters`),
  /** The address; '' = made from the title. Sent only when the operator changed it. */
  slug: z
    .string()
    .trim()
    .max(80, 'Slug must be at most 80 characters')
    .regex(/^$|^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may contain lowercase letters, digits and single hyphens'),
  /** `datetime-local` text in the operator's time zone, '' when not scheduled. */
  publish_at: z.string().refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), 'Enter a date and time'),
  /** Chosen in the tag picker (decision 204). */
  tags: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
  ...postMetaForm,
});
export type PostFormValues = z.input<typeof postFormSchema>;

export const emptyPostForm = (): PostFormValues => ({
  title: '',
  author_name: DEFAULT_POST_AUTHOR,
  description: '',
  image_url: '',
  content: '',
  featured: false,
  meta_title: '',
  meta_description: '',
  slug: '',
  publish_at: '',
  tags: [],
  author_ids: [],
  image_alt: '',
  image_caption: '',
  image_decorative: false,
  published_at: '',
  canonical_url: '',
  og_title: '',
  og_description: '',
  og_image_url: '',
  twitter_title: '',
  twitter_description: '',
  twitter_image_url: '',
});

export const postToForm = (p: Post | AdminPost): PostFormValues => ({
  title: p.title,
  author_name: p.author_name,
  description: 'description_generated' in p && p.description_generated ? '' : p.description,
  image_url: p.image_url ?? '',
  content: p.content,
  featured: p.featured,
  meta_title: p.meta_title ?? '',
  meta_description: p.meta_description ?? '',
  slug: p.slug,
  publish_at: 'publish_at' in p && p.publish_at ? toLocalInput(p.publish_at) : '',
  tags: p.tags,
  author_ids: 'author_ids' in p ? p.author_ids : [],
  image_alt: p.image_alt ?? '',
  image_caption: p.image_caption ?? '',
  image_decorative: p.image_decorative,
  published_at: p.status === 'published' && p.published_at ? toLocalInput(p.published_at) : '',
  canonical_url: p.canonical_url ?? '',
  og_title: p.og_title ?? '',
  og_description: p.og_description ?? '',
  og_image_url: p.og_image_url ?? '',
  twitter_title: p.twitter_title ?? '',
  twitter_description: p.twitter_description ?? '',
  twitter_image_url: p.twitter_image_url ?? '',
});

/** An ISO time as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Words in post HTML, and minutes to read them at 230 words a minute (at least 1). */
export function readingStats(html: string): { words: number; minutes: number } {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[#a-z0-9]+;/gi, ' ');
  const words = (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
  return { words, minutes: Math.max(1, Math.round(words / 230)) };
}

/** The payload of POST/PUT /blog/admin/posts; empty SEO fields fall back to the title and description. */
export function formToInput(v: PostFormValues, type: PostType): PostInput {
  return {
    title: v.title.trim(),
    author_name: v.author_name.trim(),
    description: v.description.trim(),
    image_url: v.image_url.trim() || null,
    content: v.content,
    featured: v.featured,
    post_type: type,
    meta_title: v.meta_title.trim() || null,
    meta_description: v.meta_description.trim() || null,
    publish_at: v.publish_at ? new Date(v.publish_at).toISOString() : null,
    tag_ids: v.tags.map((t) => t.id),
    author_ids: v.author_ids,
    image_alt: v.image_alt.trim() || null,
    image_caption: v.image_caption.trim() || null,
    image_decorative: v.image_decorative,
    canonical_url: v.canonical_url.trim() || null,
    og_title: v.og_title.trim() || null,
    og_description: v.og_description.trim() || null,
    og_image_url: v.og_image_url.trim() || null,
    twitter_title: v.twitter_title.trim() || null,
    twitter_description: v.twitter_description.trim() || null,
    twitter_image_url: v.twitter_image_url.trim() || null,
  };
}

/**
 * The feature picture has no alt text and is not marked decorative (the save is refused; autosaves
 * of a draft are not). An outside press-release address is a link, not a picture.
 */
export const featureAltMissing = (v: Pick<PostFormValues, 'image_url' | 'image_alt' | 'image_decorative'>, type: PostType) =>
  Boolean(v.image_url.trim()) &&
  !isExternalPress({ post_type: type, image_url: v.image_url.trim() }) &&
  !v.image_decorative &&
  !v.image_alt.trim();

/** The publication date to send: only when the operator changed it (the field holds minutes, the post seconds). */
export function publishedAtToSend(
  v: Pick<PostFormValues, 'published_at'>,
  saved: { published_at: string | null; status: string } | undefined,
): string | undefined {
  if (!v.published_at || !saved || saved.status !== 'published') return undefined;
  if (saved.published_at && toLocalInput(saved.published_at) === v.published_at) return undefined;
  return new Date(v.published_at).toISOString();
}

export const postTypeLabel = (type: PostType, plural = false) =>
  type === 'blog' ? (plural ? 'Blog Posts' : 'Blog Post') : plural ? 'Press Releases' : 'Press Release';

/** Where search engines cut a result's title and description (roughly: they measure pixels, not characters). */
export const SERP = { title: 60, description: 160 } as const;

/** Text as a search result would show it: cut at a word boundary before `max` characters, with an ellipsis. */
export function serpTruncate(text: string, max: number): { text: string; cut: boolean } {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return { text: t, cut: false };
  const head = t.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return { text: `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`, cut: true };
}

/** Images in post HTML that have no alt text (or an empty one), by their address, for the editor to flag. */
export function imagesWithoutAlt(html: string): string[] {
  if (!html.includes('<img') || typeof DOMParser === 'undefined') return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('img')]
    .filter((img) => !(img.getAttribute('alt') ?? '').trim())
    .map((img) => img.getAttribute('src') ?? '(no address)');
}
