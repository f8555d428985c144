import { MSG, type Post, type PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { tagsOfPost } from './post-tags.ts';
import { postColumns, toPost, type FullPostRow } from './post-row.ts';

/**
 * A published post by any slug it has held. Without a post type, a blog post wins over a press
 * release. Reading counts no view: the public read's cache rule notes it for the view counter
 * (public-reads.ts), off the read path.
 */
export async function readPublishedPost(db: Queryable, slug: string, postType: PostType | undefined): Promise<Post> {
  const r = await db.query<FullPostRow>(
    `SELECT ${postColumns('p')}
       FROM post_slugs s JOIN posts p ON p.id = s.post_id AND p.post_type = s.post_type
      WHERE s.slug = $1 AND ($2::text IS NULL OR s.post_type = $2::text) AND p.status = 'published'
      ORDER BY (p.post_type = 'blog') DESC
      LIMIT 1`,
    [slug, postType ?? null],
  );
  const row = r.rows[0];
  if (!row) throw notFound(MSG.blogPostNotFound, 'post_not_found');
  return toPost(row, await tagsOfPost(db, row.id));
}
