import type { PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { postColumns, SUMMARY_COLUMNS, type PostRow } from './post-row.ts';

/**
 * A published post by a slug it holds or once held, without counting a view
 * (for the crawler-facing pages). `slug` of the result is the current one.
 */
export async function findPublishedPost(db: Queryable, postType: PostType, slug: string): Promise<PostRow | undefined> {
  const r = await db.query<PostRow>(
    `SELECT ${postColumns('p')} FROM post_slugs s JOIN posts p ON p.id = s.post_id AND p.post_type = s.post_type
      WHERE s.post_type = $1 AND s.slug = $2 AND p.status = 'published'`,
    [postType, slug],
  );
  return r.rows[0];
}

export type PublishedSummary = Omit<PostRow, 'content'>;

/** Published posts (without their bodies) for feeds and the sitemap, newest first. */
export async function listPublishedForFeeds(
  db: Queryable,
  postType: PostType | undefined,
  limit: number,
): Promise<PublishedSummary[]> {
  const r = await db.query<PublishedSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM posts WHERE status = 'published' AND ($1::text IS NULL OR post_type = $1::text)
      ORDER BY published_at DESC, created_at DESC, id DESC LIMIT $2`,
    [postType ?? null, limit],
  );
  return r.rows;
}

export type SitemapEntry = Pick<PostRow, 'post_type' | 'slug' | 'updated_at'>;

/** What the sitemap needs of every published post (no titles or bodies), newest first. */
export async function listPublishedForSitemap(db: Queryable, limit: number): Promise<SitemapEntry[]> {
  const r = await db.query<SitemapEntry>(
    `SELECT post_type, slug, updated_at FROM posts WHERE status = 'published'
      ORDER BY published_at DESC, created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return r.rows;
}
