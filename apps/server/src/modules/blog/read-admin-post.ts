import { MSG, type Post } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { POST_COLUMNS, toPost, type PostRow } from './post-row.ts';

/** One post whole, whatever its status, for the operator's editor (the list carries no bodies). */
export async function readAdminPost(db: Queryable, id: string): Promise<Post> {
  if (!isUuid(id)) throw notFound(MSG.postNotFound, 'post_not_found');
  const r = await db.query<PostRow>(`SELECT ${POST_COLUMNS} FROM posts WHERE id = $1`, [id]);
  if (!r.rows[0]) throw notFound(MSG.postNotFound, 'post_not_found');
  return toPost(r.rows[0]);
}
