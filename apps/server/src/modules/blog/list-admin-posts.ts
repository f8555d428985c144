import type { Post, PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cursorAt, splitPage, type Keyset } from '../../lib/paging.ts';
import { POST_COLUMNS, toPost, type PostRow } from './post-row.ts';

/** Posts of a type (or all), whatever their status, newest created first: one page, after `cursor`. */
export async function listAdminPosts(
  db: Queryable,
  q: { post_type?: PostType | undefined; cursor?: string | undefined; limit: number },
): Promise<{ posts: Post[]; next: Keyset | undefined }> {
  const params: unknown[] = [q.post_type ?? null, q.limit + 1];
  const after = afterCursor(q.cursor, 'created_at', 'id', params);
  const r = await db.query<PostRow & { cursor_at: string }>(
    `SELECT ${POST_COLUMNS}, ${cursorAt('created_at')} AS cursor_at FROM posts
      WHERE ($1::text IS NULL OR post_type = $1::text) ${after ? `AND ${after}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    params,
  );
  const { page, next } = splitPage(r.rows, q.limit);
  return { posts: page.map(toPost), next };
}
