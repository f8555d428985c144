import type { PostType } from '@assay/shared';
import { transliterate } from 'transliteration';
import type { Queryable } from '../../db/client.ts';

const SLUG_MAX = 80;

/**
 * 'Licensing & IP: 2025 Guide!' → 'licensing-and-ip-2025-guide'. Accents are folded and other
 * scripts written in Latin letters ('Привет, мир' → 'privet-mir', '低成本' → 'di-cheng-ben'), so a
 * title in Cyrillic, Greek, Devanagari or CJK gets an address that says what it is about
 * instead of 'post-N' (decision 211). Never empty: a name with no letters at all is `fallback`.
 */
export function slugify(title: string, fallback = 'post'): string {
  const slug = transliterate(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** A tag's address from its name, by the same rules as a post's ("Патенты" → "patenty"); "tag" when nothing is left. */
export const tagSlug = (name: string): string => slugify(name, 'tag');

/**
 * Reserves the first free slug of base, base-2, base-3 … for the post, within its post type.
 * Reserving is an INSERT … ON CONFLICT DO NOTHING into post_slugs, so two posts saved at
 * the same moment can never get the same slug. A slug the post already holds is reused.
 */
export async function reserveSlug(tx: Queryable, postType: PostType, base: string, postId: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const r = await tx.query<{ post_id: string }>(
      `INSERT INTO post_slugs (post_type, slug, post_id) VALUES ($1, $2, $3)
       ON CONFLICT (post_type, slug) DO UPDATE SET post_id = post_slugs.post_id WHERE post_slugs.post_id = $3
       RETURNING post_id`,
      [postType, candidate, postId],
    );
    if (r.rows[0]) return candidate;
    if (n > 1000) throw new Error(`no free slug for ${base}`);
  }
}

/**
 * Claims exactly `slug` for the post (an address the operator chose): false when another post of
 * the type holds it, now or as a former address that still redirects to it.
 */
export async function claimSlug(tx: Queryable, postType: PostType, slug: string, postId: string): Promise<boolean> {
  const r = await tx.query<{ post_id: string }>(
    `INSERT INTO post_slugs (post_type, slug, post_id) VALUES ($1, $2, $3)
     ON CONFLICT (post_type, slug) DO UPDATE SET post_id = post_slugs.post_id WHERE post_slugs.post_id = $3
     RETURNING post_id`,
    [postType, slug, postId],
  );
  return r.rows.length > 0;
}
