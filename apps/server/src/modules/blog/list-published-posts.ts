import { isOperatorSearchable, type PostListResponse, type PostType } from '@assay/shared';
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
 * The substring match needs 3 letters or digits in a row (its trigram indexes can look nothing
 * shorter up); a shorter text is searched as whole words only. A search is one statement: its
 * matches are gathered once through the two indexes, counted, and sorted for the page
 * (docs/decisions/186-searches-through-their-indexes.md).
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
    params.push(q);
    const words = `search_vector @@ websearch_to_tsquery('english', $${params.length})`;
    if (isOperatorSearchable(q)) {
      // One lower-cased text in one trigram index (migration 246), beside the full-text one.
      params.push(containsPattern(q.toLowerCase()));
      where.push(`(${words} OR lower(title || ' ' || description) LIKE $${params.length})`);
    } else where.push(words);
  }
  const whereSql = where.join(' AND ');
  if (q) return searchPage(db, o, whereSql, params);
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

/**
 * A search's page and total in one statement: the matches (through the full-text and trigram
 * indexes, OR-ed as a bitmap) are gathered once, counted, and only the page's rows read whole.
 * The total row is always there, so a page past the end still knows the total.
 */
async function searchPage(db: Queryable, o: ListPublishedOptions, whereSql: string, params: unknown[]): Promise<PostListResponse> {
  const r = await db.query<Omit<PostRow, 'content'> & { total: number; id: string | null }>(
    `WITH matches AS MATERIALIZED (SELECT id, published_at, created_at FROM posts WHERE ${whereSql})
     SELECT t.total, page.* FROM (SELECT count(*)::int AS total FROM matches) t
       LEFT JOIN LATERAL (
         SELECT ${SUMMARY_COLUMNS.split(',')
           .map((c) => `p.${c.trim()}`)
           .join(', ')}
           FROM (SELECT id FROM matches ORDER BY published_at DESC, created_at DESC, id DESC
                  LIMIT $${params.length + 1} OFFSET $${params.length + 2}) m
           -- Only the page's rows are read whole.
           JOIN posts p USING (id)
          ORDER BY p.published_at DESC, p.created_at DESC, p.id DESC) page ON true`,
    [...params, o.limit, (o.page - 1) * o.limit],
  );
  const total = r.rows[0]?.total ?? 0;
  return {
    posts: r.rows.filter((p) => p.id !== null).map(({ total: _, ...p }) => toPostSummary(p)),
    total,
    page: o.page,
    pages: Math.max(1, Math.ceil(total / o.limit)),
  };
}
