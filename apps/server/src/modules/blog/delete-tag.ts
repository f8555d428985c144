import { TAG_MSG } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';

/** Deletes a tag; the posts keep everything else (post_tags rows go with it, ON DELETE CASCADE). */
export async function deleteTag(db: Db, op: OperatorAuth, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(TAG_MSG.notFound, 'tag_not_found');
  await db.transaction(async (tx) => {
    const r = await tx.query<{ name: string; slug: string; posts: number }>(
      `WITH gone AS (DELETE FROM tags WHERE id = $1 RETURNING name, slug)
       SELECT name, slug, (SELECT count(*)::int FROM post_tags WHERE tag_id = $1) AS posts FROM gone`,
      [id],
    );
    if (!r.rows[0]) throw notFound(TAG_MSG.notFound, 'tag_not_found');
    await audit(tx, op, 'tag.delete', `tag:${id}`, r.rows[0]);
  });
  contentChanged(db, 'posts');
}
