import { MSG, POST_EDITING, type PostEditors } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { OperatorAuth } from '../operators/index.ts';

/**
 * "Someone else is editing" (decision 207): the open form's heartbeat notes its operator on the
 * post and answers the others seen within the TTL. One statement each way, on whichever server
 * answers, so two servers agree; it is a hint shown to people, never a lock — saves are still
 * checked by version (decision 201).
 */
export async function noteEditing(db: Db, op: OperatorAuth, postId: string): Promise<PostEditors> {
  if (!isUuid(postId)) throw notFound(MSG.postNotFound, 'post_not_found');
  return db.transaction(async (tx) => {
    const noted = await tx.query(
      `INSERT INTO post_editors (post_id, operator_id) SELECT id, $2 FROM posts WHERE id = $1
       ON CONFLICT (post_id, operator_id) DO UPDATE SET seen_at = now() RETURNING post_id`,
      [postId, op.id],
    );
    if (!noted.rows.length) throw notFound(MSG.postNotFound, 'post_not_found');
    // Forms closed without saying so (a crashed tab) leave rows that the next heartbeat sweeps.
    await tx.query(`DELETE FROM post_editors WHERE post_id = $1 AND seen_at < now() - make_interval(secs => $2)`, [
      postId,
      POST_EDITING.ttlSeconds,
    ]);
    const r = await tx.query<{ username: string; seen_at: Date }>(
      `SELECT o.username, e.seen_at FROM post_editors e JOIN operators o ON o.id = e.operator_id
        WHERE e.post_id = $1 AND e.operator_id <> $2 ORDER BY lower(o.username)`,
      [postId, op.id],
    );
    return { editors: r.rows.map((e) => ({ username: e.username, seen_at: e.seen_at.toISOString() })) };
  });
}

/** The form closed: this operator no longer has the post open. */
export async function stopEditing(db: Db, op: OperatorAuth, postId: string): Promise<PostEditors> {
  if (!isUuid(postId)) throw notFound(MSG.postNotFound, 'post_not_found');
  await db.query('DELETE FROM post_editors WHERE post_id = $1 AND operator_id = $2', [postId, op.id]);
  return { editors: [] };
}
