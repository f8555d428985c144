import { MSG, type Post, type PostStatus } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { notFound } from '../../lib/errors.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { isUuid } from '../../lib/sql.ts';
import { POST_COLUMNS, toPost, type PostRow } from './post-row.ts';

export async function setPostStatus(db: Db, op: OperatorAuth, id: string, status: PostStatus): Promise<Post> {
  if (!isUuid(id)) throw notFound(MSG.postNotFound, 'post_not_found');
  const saved = await db.transaction(async (tx) => {
    const before = (await tx.query<{ status: PostStatus }>('SELECT status FROM posts WHERE id = $1 FOR UPDATE', [id])).rows[0];
    if (!before) throw notFound(MSG.postNotFound, 'post_not_found');
    const r = await tx.query<PostRow>(
      `UPDATE posts SET status = $2,
              published_at = CASE WHEN $2 = 'published' THEN COALESCE(published_at, now()) ELSE published_at END,
              updated_at = now()
        WHERE id = $1 RETURNING ${POST_COLUMNS}`,
      [id, status],
    );
    const post = r.rows[0]!;
    await audit(tx, op, status === 'published' ? 'post.publish' : 'post.unpublish', `post:${id}`, {
      post_type: post.post_type, slug: post.slug, title: post.title, from: before.status,
    });
    return toPost(post);
  });
  contentChanged(db, 'posts');
  return saved;
}
