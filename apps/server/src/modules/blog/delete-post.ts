import { MSG } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { notFound } from '../../lib/errors.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { isUuid } from '../../lib/sql.ts';

/** Deletes a post with its slugs and view records; the audit entry keeps what it was. */
export async function deletePost(db: Db, op: OperatorAuth, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(MSG.postNotFound, 'post_not_found');
  await db.transaction(async (tx) => {
    const r = await tx.query<{ post_type: string; slug: string; title: string; status: string }>(
      'DELETE FROM posts WHERE id = $1 RETURNING post_type, slug, title, status',
      [id],
    );
    const gone = r.rows[0];
    if (!gone) throw notFound(MSG.postNotFound, 'post_not_found');
    await audit(tx, op, 'post.delete', `post:${id}`, gone);
  });
  contentChanged(db, 'posts');
}
