import type { AdminPost, AdminPostSummary, Post, PostMeta, PostStatus, PostSummary, PostTag, PostType } from '@assay/shared';

export interface PostRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  content: string;
  image_url: string | null;
  post_type: PostType;
  author_name: string;
  featured: boolean;
  status: PostStatus;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  view_count: number;
  meta_title: string | null;
  meta_description: string | null;
}

/** What a post page shows besides its summary: authors, the image's alt and caption, overrides (decision 206). */
export interface PostMetaRow {
  image_alt: string | null;
  image_caption: string | null;
  image_decorative: boolean;
  canonical_url: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image_url: string | null;
  twitter_title: string | null;
  twitter_description: string | null;
  twitter_image_url: string | null;
  /** The chosen authors, in order (a JSON array from the query). */
  author_list: { id: string; name: string }[];
}

/** A post whole, with what its page shows. */
export type FullPostRow = PostRow & PostMetaRow;

/** What operators see besides: the version a save must name, and who saved last. */
export interface AdminPostRow extends PostRow, PostMetaRow {
  version: number;
  updated_by: string | null;
  publish_at: Date | null;
  description_generated: boolean;
  slug_custom: boolean;
}

export const SUMMARY_COLUMNS =
  'id, slug, title, description, image_url, post_type, author_name, featured, status, published_at, created_at, updated_at, view_count, meta_title, meta_description';
export const META_COLUMNS =
  'image_alt, image_caption, image_decorative, canonical_url, og_title, og_description, og_image_url, twitter_title, twitter_description, twitter_image_url';
/** The post's authors as a JSON array, in order; `table` is the posts table's name or alias in the query. */
export const authorList = (table: string) =>
  `(SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.display_name) ORDER BY pa.position), '[]'::json)
      FROM post_authors pa JOIN operators o ON o.id = pa.operator_id
      WHERE pa.post_id = ${table}.id AND o.display_name IS NOT NULL) AS author_list`;
export const POST_COLUMNS = `${SUMMARY_COLUMNS}, content, ${META_COLUMNS}, ${authorList('posts')}`;
export const ADMIN_SUMMARY_COLUMNS = `${SUMMARY_COLUMNS}, version, updated_by, publish_at, description_generated, slug_custom`;
export const ADMIN_POST_COLUMNS = `${ADMIN_SUMMARY_COLUMNS}, content, ${META_COLUMNS}, ${authorList('posts')}`;

/** Columns qualified with a table alias, for joins. */
export const postColumns = (alias: string) =>
  `${`${SUMMARY_COLUMNS}, content, ${META_COLUMNS}`
    .split(', ')
    .map((c) => `${alias}.${c}`)
    .join(', ')}, ${authorList(alias)}`;

export function toPostSummary(p: Omit<PostRow, 'content'>): PostSummary {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    image_url: p.image_url,
    post_type: p.post_type,
    author_name: p.author_name,
    featured: p.featured,
    status: p.status,
    published_at: p.published_at ? p.published_at.toISOString() : null,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    view_count: Number(p.view_count),
    meta_title: p.meta_title,
    meta_description: p.meta_description,
  };
}

export const toPostMeta = (p: PostMetaRow): PostMeta => ({
  authors: p.author_list.map((a) => a.name),
  image_alt: p.image_alt,
  image_caption: p.image_caption,
  image_decorative: p.image_decorative,
  canonical_url: p.canonical_url,
  og_title: p.og_title,
  og_description: p.og_description,
  og_image_url: p.og_image_url,
  twitter_title: p.twitter_title,
  twitter_description: p.twitter_description,
  twitter_image_url: p.twitter_image_url,
});

export const toPost = (p: FullPostRow, tags: PostTag[]): Post => ({ ...toPostSummary(p), content: p.content, tags, ...toPostMeta(p) });

export const toAdminPostSummary = (p: Omit<AdminPostRow, 'content' | keyof PostMetaRow>, tags: PostTag[]): AdminPostSummary => ({
  ...toPostSummary(p),
  version: p.version,
  updated_by: p.updated_by,
  publish_at: p.publish_at ? p.publish_at.toISOString() : null,
  description_generated: p.description_generated,
  tags,
});

export const toAdminPost = (p: AdminPostRow, tags: PostTag[]): AdminPost => ({
  ...toAdminPostSummary(p, tags),
  content: p.content,
  ...toPostMeta(p),
  author_ids: p.author_list.map((a) => a.id),
});

/** Route ids that are not uuids are simply not found (never a database error). */
