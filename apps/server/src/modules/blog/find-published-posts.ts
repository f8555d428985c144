import type { PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { taggedWith } from './post-tags.ts';
import { authorList, postColumns, SUMMARY_COLUMNS, type FullPostRow, type PostMetaRow, type PostRow } from './post-row.ts';

/**
 * A published post by a slug it holds or once held, without counting a view
 * (for the crawler-facing pages). `slug` of the result is the current one.
 */
export async function findPublishedPost(db: Queryable, postType: PostType, slug: string): Promise<FullPostRow | undefined> {
  const r = await db.query<FullPostRow>(
    `SELECT ${postColumns('p')} FROM post_slugs s JOIN posts p ON p.id = s.post_id AND p.post_type = s.post_type
      WHERE s.post_type = $1 AND s.slug = $2 AND p.status = 'published'`,
    [postType, slug],
  );
  return r.rows[0];
}

export type PublishedSummary = Omit<PostRow, 'content'>;

/** A feed's item: the summary, its authors and image alt, and its body while the budget lasts. */
export type FeedRow = Omit<PostRow, 'content'> &
  Pick<PostMetaRow, 'image_alt' | 'image_decorative' | 'author_list'> & { content: string | null };

/**
 * Published posts for a feed, newest first, with their bodies while the bodies so far stay within
 * `contentBytes` (null past it): a feed of long posts reads and cleans a bounded amount of text.
 */
export async function listPublishedForFeeds(
  db: Queryable,
  postType: PostType,
  limit: number,
  contentBytes: number,
  /** Only posts carrying this tag (a tag's feed, decision 204). */
  tagId?: string,
): Promise<FeedRow[]> {
  const r = await db.query<FeedRow>(
    `SELECT ${SUMMARY_COLUMNS}, image_alt, image_decorative, ${authorList('posts')},
        CASE WHEN sum(octet_length(content)) OVER (ORDER BY published_at DESC, created_at DESC, id DESC) <= $3 THEN content END AS content
      FROM posts WHERE status = 'published' AND post_type = $1
        ${tagId ? `AND ${taggedWith('$4')}` : ''}
      ORDER BY published_at DESC, created_at DESC, id DESC LIMIT $2`,
    tagId ? [postType, limit, contentBytes, tagId] : [postType, limit, contentBytes],
  );
  return r.rows;
}

export type SitemapEntry = Pick<PostRow, 'post_type' | 'slug' | 'updated_at'>;

/**
 * One sitemap file's posts: what the sitemap needs of them (no titles or bodies), oldest first, so
 * a new post lands in the last file and the earlier files stay as they were.
 */
export async function listPublishedForSitemap(db: Queryable, offset: number, limit: number): Promise<SitemapEntry[]> {
  const r = await db.query<SitemapEntry>(
    `SELECT post_type, slug, updated_at FROM posts WHERE status = 'published'
      ORDER BY published_at, id OFFSET $1 LIMIT $2`,
    [offset, limit],
  );
  return r.rows;
}

/** How many posts are published, and each type's latest change (the sitemap index and its list pages). */
export async function publishedPostStats(db: Queryable): Promise<{ count: number; newest: Partial<Record<PostType, Date>> }> {
  const r = await db.query<{ post_type: PostType; n: string; newest: Date }>(
    `SELECT post_type, count(*) AS n, max(updated_at) AS newest FROM posts WHERE status = 'published' GROUP BY post_type`,
  );
  return {
    count: r.rows.reduce((sum, row) => sum + Number(row.n), 0),
    newest: Object.fromEntries(r.rows.map((row) => [row.post_type, row.newest])),
  };
}
