import type { AdminPost, AdminPostSummary, Post, PostStatus, PostSummary, PostTag, PostType } from '@assay/shared';

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

/** What operators see besides: the version a save must name, and who saved last. */
export interface AdminPostRow extends PostRow {
  version: number;
  updated_by: string | null;
  publish_at: Date | null;
  description_generated: boolean;
  slug_custom: boolean;
}

export const SUMMARY_COLUMNS =
  'id, slug, title, description, image_url, post_type, author_name, featured, status, published_at, created_at, updated_at, view_count, meta_title, meta_description';
export const POST_COLUMNS = `${SUMMARY_COLUMNS}, content`;
export const ADMIN_SUMMARY_COLUMNS = `${SUMMARY_COLUMNS}, version, updated_by, publish_at, description_generated, slug_custom`;
export const ADMIN_POST_COLUMNS = `${ADMIN_SUMMARY_COLUMNS}, content`;

/** Columns qualified with a table alias, for joins. */
export const postColumns = (alias: string) =>
  POST_COLUMNS.split(', ').map((c) => `${alias}.${c}`).join(', ');

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

export const toPost = (p: PostRow, tags: PostTag[]): Post => ({ ...toPostSummary(p), content: p.content, tags });

export const toAdminPostSummary = (p: Omit<AdminPostRow, 'content'>, tags: PostTag[]): AdminPostSummary => ({
  ...toPostSummary(p), version: p.version, updated_by: p.updated_by, publish_at: p.publish_at ? p.publish_at.toISOString() : null,
  description_generated: p.description_generated, tags,
});

export const toAdminPost = (p: AdminPostRow, tags: PostTag[]): AdminPost => ({ ...toAdminPostSummary(p, tags), content: p.content });

/** Route ids that are not uuids are simply not found (never a database error). */
