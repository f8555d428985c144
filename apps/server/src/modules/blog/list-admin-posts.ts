import type { Post, PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { POST_COLUMNS, toPost, type PostRow } from './post-row.ts';

/** Every post of a type (or all), whatever its status, newest created first. */
export async function listAdminPosts(db: Queryable, postType: PostType | undefined): Promise<Post[]> {
  const r = await db.query<PostRow>(
    `SELECT ${POST_COLUMNS} FROM posts WHERE ($1::text IS NULL OR post_type = $1::text)
      ORDER BY created_at DESC, id DESC`,
    [postType ?? null],
  );
  return r.rows.map(toPost);
}
