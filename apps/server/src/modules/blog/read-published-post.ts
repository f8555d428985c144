import { MSG, type Post, type PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { POST_COLUMNS, toPost, type PostRow } from './post-row.ts';

const COLUMNS_BUT_VIEWS = POST_COLUMNS.split(', ').filter((c) => c !== 'view_count');

/**
 * A published post by any slug it has held, counting the read as a view in the same statement:
 * the visitor's view is recorded with INSERT … ON CONFLICT, and the counter moves only when that
 * visitor's previous counted view of the post is more than an hour old. `visitor` null (a
 * crawler) reads without counting. Without a post type, a blog post wins over a press release.
 */
export async function readPublishedPost(
  db: Queryable,
  slug: string,
  postType: PostType | undefined,
  visitor: string | null,
): Promise<Post> {
  const r = await db.query<PostRow>(
    `WITH p AS (
       SELECT ${COLUMNS_BUT_VIEWS.map((c) => `p.${c}`).join(', ')}, p.view_count
         FROM post_slugs s JOIN posts p ON p.id = s.post_id AND p.post_type = s.post_type
        WHERE s.slug = $1 AND ($2::text IS NULL OR s.post_type = $2::text) AND p.status = 'published'
        ORDER BY (p.post_type = 'blog') DESC
        LIMIT 1
     ), v AS (
       INSERT INTO post_views AS pv (post_id, visitor_hash)
       SELECT id, $3::text FROM p WHERE $3::text IS NOT NULL
       ON CONFLICT (post_id, visitor_hash) DO UPDATE SET viewed_at = now()
         WHERE pv.viewed_at <= now() - interval '1 hour'
       RETURNING post_id
     ), u AS (
       UPDATE posts SET view_count = view_count + 1 WHERE id IN (SELECT post_id FROM v) RETURNING view_count
     )
     SELECT ${COLUMNS_BUT_VIEWS.join(', ')}, COALESCE((SELECT view_count FROM u), p.view_count) AS view_count FROM p`,
    [slug, postType ?? null, visitor],
  );
  const row = r.rows[0];
  if (!row) throw notFound(MSG.blogPostNotFound, 'post_not_found');
  return toPost(row);
}
