import { MSG, type AdminPost } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { tagsOfPost } from './post-tags.ts';
import { ADMIN_POST_COLUMNS, toAdminPost, type AdminPostRow } from './post-row.ts';

/** One post whole, whatever its status, for the operator's editor (the list carries no bodies). */
export async function readAdminPost(db: Queryable, id: string): Promise<AdminPost> {
  if (!isUuid(id)) throw notFound(MSG.postNotFound, 'post_not_found');
  const r = await db.query<AdminPostRow>(`SELECT ${ADMIN_POST_COLUMNS} FROM posts WHERE id = $1`, [id]);
  if (!r.rows[0]) throw notFound(MSG.postNotFound, 'post_not_found');
  return toAdminPost(r.rows[0], await tagsOfPost(db, id));
}
