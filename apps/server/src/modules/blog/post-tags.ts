import { TAG_MSG, type PostTag } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';

/**
 * The SQL condition "the post carries the tag `param`". Its ids are gathered from post_tags' index
 * first (an InitPlan) and the posts read by primary key: as `id IN (SELECT …)`, the planner joined
 * a hash of the tag's rows to every post of the type, reading the posts table whole for a tag of
 * 200 posts among 20,000 (decision 204, tag-plans.pg.test.ts).
 */
export const taggedWith = (param: string) => `id = ANY(ARRAY(SELECT post_id FROM post_tags WHERE tag_id = ${param}))`;

/** The tags of each post (by name), for the posts given: one query for a page of them. */
export async function tagsOfPosts(db: Queryable, postIds: string[]): Promise<Map<string, PostTag[]>> {
  const byPost = new Map<string, PostTag[]>(postIds.map((id) => [id, []]));
  if (!postIds.length) return byPost;
  const r = await db.query<PostTag & { post_id: string }>(
    `SELECT pt.post_id, t.id, t.name, t.slug FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
      WHERE pt.post_id = ANY($1::uuid[]) ORDER BY lower(t.name), t.id`,
    [postIds],
  );
  for (const { post_id, ...tag } of r.rows) byPost.get(post_id)?.push(tag);
  return byPost;
}

export const tagsOfPost = async (db: Queryable, postId: string): Promise<PostTag[]> => (await tagsOfPosts(db, [postId])).get(postId) ?? [];

/**
 * Gives the post exactly these tags, in the saving transaction. A tag deleted meanwhile (or an id
 * that was never one) stops the save with a 422 instead of being dropped silently.
 */
export async function setPostTags(tx: Queryable, postId: string, tagIds: string[]): Promise<void> {
  const ids = [...new Set(tagIds)];
  if (ids.some((id) => !isUuid(id))) throw new AppError(422, TAG_MSG.unknownOnPost, 'tag_not_found');
  // Locks the tags named, so a tag deleted at the same moment either goes first (and is reported) or after.
  const found = ids.length
    ? (await tx.query<{ id: string }>('SELECT id FROM tags WHERE id = ANY($1::uuid[]) FOR KEY SHARE', [ids])).rows.length
    : 0;
  if (found !== ids.length) throw new AppError(422, TAG_MSG.unknownOnPost, 'tag_not_found');
  await tx.query('DELETE FROM post_tags WHERE post_id = $1 AND NOT (tag_id = ANY($2::uuid[]))', [postId, ids]);
  if (ids.length) {
    await tx.query(`INSERT INTO post_tags (post_id, tag_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [postId, ids]);
  }
}
