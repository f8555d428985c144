import type { PostListResponse, PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { SUMMARY_COLUMNS, toPostSummary, type PostRow } from './post-row.ts';
import { containsPattern } from '../../lib/sql.ts';

export interface ListPublishedOptions {
  post_type: PostType;
  page: number;
  limit: number;
  featured_only?: boolean | undefined;
  q?: string | undefined;
  exclude?: string | undefined;
}


/**
 * Published posts of one type, newest first. `q` is a PostgreSQL full-text search over title,
 * description and the text of the content (websearch syntax: words, "phrases", -not, or),
 * widened with a substring match on title and description so a half-typed word still finds them.
 */
export async function listPublishedPosts(db: Queryable, o: ListPublishedOptions): Promise<PostListResponse> {
  const params: unknown[] = [o.post_type];
  const where = [`status = 'published'`, 'post_type = $1'];
  if (o.featured_only) where.push('featured');
  if (o.exclude) {
    params.push(o.exclude);
    where.push(`id NOT IN (SELECT post_id FROM post_slugs WHERE post_type = $1 AND slug = $${params.length})`);
  }
  const q = o.q?.trim();
  if (q) {
    params.push(q, containsPattern(q));
    const [text, like] = [params.length - 1, params.length];
    where.push(
      `(search_vector @@ websearch_to_tsquery('english', $${text}) OR title ILIKE $${like} OR description ILIKE $${like})`,
    );
  }
  const whereSql = where.join(' AND ');
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE ${whereSql}`, params)).rows[0]!.n;
  const rows = await db.query<Omit<PostRow, 'content'>>(
    `SELECT ${SUMMARY_COLUMNS} FROM posts WHERE ${whereSql}
      ORDER BY published_at DESC, created_at DESC, id DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, o.limit, (o.page - 1) * o.limit],
  );
  return {
    posts: rows.rows.map(toPostSummary),
    total,
    page: o.page,
    pages: Math.max(1, Math.ceil(total / o.limit)),
  };
}
