import { TAG_MSG, type AdminTag } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { nameTaken } from './create-tag.ts';
import { moveTagSlug } from './tag-slugs.ts';

/**
 * Renames a tag. Its address stays unless a new `slug` is given (links to the tag page keep
 * working, as Ghost does); a name or slug another tag holds now is a 409. A new slug leaves the
 * old one redirecting to it (decision 226).
 */
export async function updateTag(db: Db, op: OperatorAuth, id: string, input: { name: string; slug: string | null }): Promise<AdminTag> {
  if (!isUuid(id)) throw notFound(TAG_MSG.notFound, 'tag_not_found');
  const tag = await db.transaction(async (tx) => {
    const before = (await tx.query<{ name: string; slug: string }>('SELECT name, slug FROM tags WHERE id = $1 FOR UPDATE', [id])).rows[0];
    if (!before) throw notFound(TAG_MSG.notFound, 'tag_not_found');
    if (await nameTaken(tx, input.name, id)) throw conflict(TAG_MSG.nameTaken, 'tag_name_taken');
    if (input.slug && input.slug !== before.slug) {
      const held = await tx.query('SELECT 1 FROM tags WHERE slug = $1', [input.slug]);
      if (held.rows.length) throw conflict(TAG_MSG.slugTaken, 'tag_slug_taken');
    }
    let r;
    try {
      r = await tx.query<AdminTag>(
        `UPDATE tags SET name = $2, slug = COALESCE($3, slug), updated_at = now() WHERE id = $1
         RETURNING id, name, slug, (SELECT count(*)::int FROM post_tags WHERE tag_id = $1) AS post_count`,
        [id, input.name, input.slug],
      );
    } catch (err) {
      // Another operator took the name or slug between the checks and the update.
      if ((err as { code?: string }).code === '23505') throw conflict(TAG_MSG.nameTaken, 'tag_name_taken');
      throw err;
    }
    const slug = r.rows[0]!.slug;
    if (slug !== before.slug) await moveTagSlug(tx, id, before.slug, slug);
    await audit(tx, op, 'tag.update', `tag:${id}`, { from: before, to: { name: input.name, slug } });
    return r.rows[0]!;
  });
  contentChanged(db, 'posts');
  return tag;
}
