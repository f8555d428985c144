import { DEFAULT_POST_AUTHOR, isSafeImageUrl, MSG, POST_LIMITS, type Post, type PostInput, type PostType } from '@assay/shared';
import { z } from 'zod';

const required = (message: string, max: number, what: string) =>
  z.string().trim().min(1, message).max(max, `${what} must be at most ${max} characters`);

/** The operator post form (docs/product.md §5): title, description, content and author required; image URL optional. */
export const postFormSchema = z.object({
  title: required(MSG.postTitleRequired, POST_LIMITS.titleMax, 'Title'),
  author_name: required(MSG.postAuthorRequired, POST_LIMITS.authorMax, 'Author name'),
  description: required(MSG.postDescriptionRequired, POST_LIMITS.descriptionMax, 'Description'),
  image_url: z
    .string()
    .trim()
    .max(POST_LIMITS.imageUrlMax, MSG.postImageUrlInvalid)
    .refine((v) => v === '' || isSafeImageUrl(v), MSG.postImageUrlInvalid),
  content: required(MSG.postContentRequired, POST_LIMITS.contentMax, 'Content'),
  featured: z.boolean(),
});
export type PostFormValues = z.input<typeof postFormSchema>;

export const emptyPostForm = (): PostFormValues => ({
  title: '',
  author_name: DEFAULT_POST_AUTHOR,
  description: '',
  image_url: '',
  content: '',
  featured: false,
});

export const postToForm = (p: Post): PostFormValues => ({
  title: p.title,
  author_name: p.author_name,
  description: p.description,
  image_url: p.image_url ?? '',
  content: p.content,
  featured: p.featured,
});

/** The payload of POST/PUT /blog/admin/posts. An edit keeps the post's SEO fields (PUT replaces them). */
export function formToInput(v: PostFormValues, type: PostType, editing?: Post): PostInput {
  return {
    title: v.title.trim(),
    author_name: v.author_name.trim(),
    description: v.description.trim(),
    image_url: v.image_url.trim() || null,
    content: v.content,
    featured: v.featured,
    post_type: type,
    ...(editing ? { meta_title: editing.meta_title, meta_description: editing.meta_description } : {}),
  };
}

export const postTypeLabel = (type: PostType, plural = false) =>
  type === 'blog' ? (plural ? 'Blog Posts' : 'Blog Post') : plural ? 'Press Releases' : 'Press Release';
