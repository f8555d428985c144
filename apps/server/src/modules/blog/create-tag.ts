import { TAG_MSG, type AdminTag } from '@assay/shared';
import type { Db, Queryable } from '../../db/client.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { conflict } from '../../lib/errors.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { tagSlug } from './slugs.ts';
import { takeTagSlug } from './tag-slugs.ts';

/**
 * A new tag, its slug the first free one of base, base-2, … Both the name (in any case) and the
 * slug are unique in the database: two operators creating "Patents" at once get one tag and a 409.
 */
export async function createTag(db: Db, op: OperatorAuth, input: { name: string }): Promise<AdminTag> {
  const base = tagSlug(input.name);
  const tag = await db.transaction(async (tx) => {
    for (let n = 1; n <= 1000; n++) {
      const slug = n === 1 ? base : `${base.slice(0, 74)}-${n}`;
      const r = await tx.query<{ id: string; name: string; slug: string }>(
        'INSERT INTO tags (name, slug) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id, name, slug',
        [input.name, slug],
      );
      if (r.rows[0]) {
        await takeTagSlug(tx, slug);
        await audit(tx, op, 'tag.create', `tag:${r.rows[0].id}`, { name: input.name, slug });
        return { ...r.rows[0], post_count: 0 };
      }
      if (await nameTaken(tx, input.name)) throw conflict(TAG_MSG.nameTaken, 'tag_name_taken');
    }
    throw new Error(`no free tag slug for ${base}`);
  });
  contentChanged(db, 'posts');
  return tag;
}

export async function nameTaken(db: Queryable, name: string, except?: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM tags WHERE lower(name) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid)', [
    name,
    except ?? null,
  ]);
  return r.rows.length > 0;
}
