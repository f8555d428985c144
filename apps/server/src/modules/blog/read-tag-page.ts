import { TAG_MSG, type TagPageResponse } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { taggedWith } from './post-tags.ts';
import { SUMMARY_COLUMNS, toPostSummary, type PostRow } from './post-row.ts';

/** Published blog posts carrying a tag (the tag page and its feed): the condition, `$1` the tag's id. */
export const TAGGED_BLOG_POSTS = `status = 'published' AND post_type = 'blog' AND ${taggedWith('$1')}`;

/**
 * The tag at an address: the tag whose slug it is now, else the tag that held it before
 * (tag_slugs, decision 226), whose current `slug` then differs from the one asked for — the
 * caller redirects, as for a post's former slug. A tag holding the slug now always wins.
 */
export async function findTag(db: Queryable, slug: string): Promise<{ id: string; name: string; slug: string } | undefined> {
  const r = await db.query<{ id: string; name: string; slug: string }>(
    `SELECT id, name, slug FROM (
       SELECT 0 AS former, id, name, slug FROM tags WHERE slug = $1
       UNION ALL
       SELECT 1, t.id, t.name, t.slug FROM tag_slugs s JOIN tags t ON t.id = s.tag_id WHERE s.slug = $1
     ) found ORDER BY former LIMIT 1`,
    [slug],
  );
  return r.rows[0];
}

/**
 * A tag's page (decision 204): the tag and a page of its published blog posts, newest first, with
 * their true total. An unknown tag is a 404; a tag no published post carries has an empty page.
 */
export async function readTagPage(db: Queryable, slug: string, q: { page: number; limit: number }): Promise<TagPageResponse> {
  // A former slug reads the tag; `tag.slug` is its address now (the page moves there).
  const tag = await findTag(db, slug);
  if (!tag) throw notFound(TAG_MSG.notFound, 'tag_not_found');
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE ${TAGGED_BLOG_POSTS}`, [tag.id])).rows[0]!.n;
  const rows = await db.query<Omit<PostRow, 'content'>>(
    `SELECT ${SUMMARY_COLUMNS} FROM posts WHERE ${TAGGED_BLOG_POSTS}
      ORDER BY published_at DESC, created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [tag.id, q.limit, (q.page - 1) * q.limit],
  );
  return {
    tag: { name: tag.name, slug: tag.slug },
    posts: rows.rows.map(toPostSummary),
    total,
    page: q.page,
    pages: Math.max(1, Math.ceil(total / q.limit)),
  };
}

/** Tags that published blog posts carry, with their newest post's change (the sitemap's tag pages). */
export async function listTagsForSitemap(db: Queryable, limit: number): Promise<{ slug: string; updated_at: Date }[]> {
  const r = await db.query<{ slug: string; updated_at: Date }>(
    `SELECT t.slug, max(p.updated_at) AS updated_at FROM tags t
       JOIN post_tags pt ON pt.tag_id = t.id
       JOIN posts p ON p.id = pt.post_id AND p.status = 'published' AND p.post_type = 'blog'
      GROUP BY t.id, t.slug ORDER BY t.slug LIMIT $1`,
    [limit],
  );
  return r.rows;
}
