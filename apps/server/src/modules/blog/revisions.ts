import { MSG, POST_EDITOR_MSG, type PostRevision, type PostRevisionSummary } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { OperatorAuth } from '../operators/index.ts';
import type { AdminPostRow } from './post-row.ts';

export type RevisionKind = PostRevision['kind'];

/** How many revisions a post keeps besides its published ones. */
export const KEPT_REVISIONS = 20;

const FIELDS = 'title, description, content, image_url, author_name, meta_title, meta_description';

/**
 * Records the post as just saved (in the saving transaction). A run of autosaves by one operator
 * keeps one revision, moved to the newest version, so typing does not push real saves out of the
 * last 20. Then everything but the last 20 and the published versions goes.
 */
export async function recordRevision(tx: Queryable, post: AdminPostRow, kind: RevisionKind, op: Pick<OperatorAuth, 'username'> & { id: string | null }): Promise<void> {
  if (kind === 'autosave') {
    const r = await tx.query(
      `UPDATE post_revisions SET version = $2, title = $3, description = $4, content = $5, image_url = $6, author_name = $7,
              meta_title = $8, meta_description = $9, created_at = now()
        WHERE id = (SELECT id FROM post_revisions WHERE post_id = $1 ORDER BY version DESC LIMIT 1)
          AND kind = 'autosave' AND operator_id = $10
       RETURNING id`,
      [post.id, post.version, post.title, post.description, post.content, post.image_url, post.author_name, post.meta_title, post.meta_description, op.id],
    );
    if (r.rows.length) return;
  }
  await tx.query(
    `INSERT INTO post_revisions (post_id, version, kind, ${FIELDS}, operator_id, operator_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [post.id, post.version, kind, post.title, post.description, post.content, post.image_url, post.author_name, post.meta_title,
      post.meta_description, op.id, op.username],
  );
  await tx.query(
    `DELETE FROM post_revisions WHERE post_id = $1 AND kind <> 'published'
        AND id NOT IN (SELECT id FROM post_revisions WHERE post_id = $1 ORDER BY version DESC LIMIT ${KEPT_REVISIONS})`,
    [post.id],
  );
}

interface RevisionRow extends Omit<PostRevision, 'created_at'> {
  created_at: Date;
}

const summary = (r: RevisionRow): PostRevisionSummary => ({
  id: r.id, version: r.version, kind: r.kind, title: r.title, operator_name: r.operator_name, created_at: r.created_at.toISOString(),
});

/** A post's revisions, newest first. Another post's id, or none, is a 404. */
export async function listRevisions(db: Queryable, postId: string): Promise<{ revisions: PostRevisionSummary[] }> {
  if (!isUuid(postId)) throw notFound(MSG.postNotFound, 'post_not_found');
  const post = await db.query('SELECT 1 FROM posts WHERE id = $1', [postId]);
  if (!post.rows.length) throw notFound(MSG.postNotFound, 'post_not_found');
  const r = await db.query<RevisionRow>(
    `SELECT id, version, kind, title, operator_name, created_at FROM post_revisions WHERE post_id = $1 ORDER BY version DESC`,
    [postId],
  );
  return { revisions: r.rows.map(summary) };
}

/** One revision of the post, whole. A revision of another post is a 404. */
export async function readRevision(db: Queryable, postId: string, revisionId: string): Promise<PostRevision> {
  if (!isUuid(postId) || !isUuid(revisionId)) throw notFound(POST_EDITOR_MSG.postRevisionNotFound, 'revision_not_found');
  const r = await db.query<RevisionRow>(
    `SELECT id, version, kind, operator_name, created_at, ${FIELDS} FROM post_revisions WHERE id = $1 AND post_id = $2`,
    [revisionId, postId],
  );
  const row = r.rows[0];
  if (!row) throw notFound(POST_EDITOR_MSG.postRevisionNotFound, 'revision_not_found');
  return { ...summary(row), description: row.description, content: row.content, image_url: row.image_url, author_name: row.author_name,
    meta_title: row.meta_title, meta_description: row.meta_description };
}
