import { MSG, type AdminPost, type PostStatus } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { notFound } from '../../lib/errors.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { isUuid } from '../../lib/sql.ts';
import { ADMIN_POST_COLUMNS, toAdminPost, type AdminPostRow } from './post-row.ts';
import { tagsOfPost } from './post-tags.ts';
import { recordRevision } from './revisions.ts';

export async function setPostStatus(db: Db, op: OperatorAuth, id: string, status: PostStatus): Promise<AdminPost> {
  if (!isUuid(id)) throw notFound(MSG.postNotFound, 'post_not_found');
  const saved = await db.transaction(async (tx) => {
    const before = (await tx.query<{ status: PostStatus }>('SELECT status FROM posts WHERE id = $1 FOR UPDATE', [id])).rows[0];
    if (!before) throw notFound(MSG.postNotFound, 'post_not_found');
    // A new version: an editor open on the post since before this must not save over the change of status.
    const r = await tx.query<AdminPostRow>(
      `UPDATE posts SET status = $2,
              published_at = CASE WHEN $2 = 'published' THEN COALESCE(published_at, now()) ELSE published_at END,
              updated_at = now(), version = version + 1, updated_by = $3, publish_at = NULL
        WHERE id = $1 RETURNING ${ADMIN_POST_COLUMNS}`,
      [id, status, op.username],
    );
    const post = r.rows[0]!;
    await recordRevision(tx, post, status === 'published' ? 'published' : 'save', op);
    await audit(tx, op, status === 'published' ? 'post.publish' : 'post.unpublish', `post:${id}`, {
      post_type: post.post_type,
      slug: post.slug,
      title: post.title,
      from: before.status,
    });
    return toAdminPost(post, await tagsOfPost(tx, id));
  });
  contentChanged(db, 'posts');
  return saved;
}
