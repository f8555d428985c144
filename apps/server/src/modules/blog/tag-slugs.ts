import type { Queryable } from '../../db/client.ts';

/**
 * A tag's former addresses (tag_slugs, decision 226), kept as post_slugs keeps a post's: reading
 * one finds the tag (findTag) and the page or feed answers 301 to its address now. Unlike a post's,
 * a former tag slug is not reserved: a tag that takes it (created or renamed) wins, and the
 * redirect goes.
 */

/** `slug` is now a tag's own address: it no longer redirects to the tag that held it before. */
export async function takeTagSlug(tx: Queryable, slug: string): Promise<void> {
  await tx.query('DELETE FROM tag_slugs WHERE slug = $1', [slug]);
}

/**
 * The tag moved from `from` to `to` (in the renaming transaction): `to` is its own, `from` now
 * redirects to it. Earlier addresses already point at the tag, so a chain of renames resolves to
 * the current slug in one step.
 */
export async function moveTagSlug(tx: Queryable, tagId: string, from: string, to: string): Promise<void> {
  await takeTagSlug(tx, to);
  await tx.query(
    `INSERT INTO tag_slugs (slug, tag_id) VALUES ($1, $2)
     ON CONFLICT (slug) DO UPDATE SET tag_id = EXCLUDED.tag_id, created_at = now()`,
    [from, tagId],
  );
}
