import type { AdminPostSummary, PostStatus, PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cappedCount, cursorAt, splitPage, type Keyset, type Total } from '../../lib/paging.ts';
import { containsPattern } from '../../lib/sql.ts';
import { ADMIN_SUMMARY_COLUMNS, toAdminPostSummary, type AdminPostRow } from './post-row.ts';

/**
 * Posts of a type (or all), whatever their status, newest created first: one page, after `cursor`,
 * of list fields only — a body is read when the post is opened (read-admin-post.ts; issue 32).
 * The first page also counts what the filter matches (up to the cap), so the panel's tab counts
 * are totals and not the length of a page.
 */
export async function listAdminPosts(
  db: Queryable,
  q: { post_type?: PostType | undefined; status?: PostStatus | undefined; q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ posts: AdminPostSummary[]; next: Keyset | undefined; total: Total | undefined }> {
  const words = q.q?.trim() ? containsPattern(q.q.trim()) : null;
  const params: unknown[] = [q.post_type ?? null, q.limit + 1, q.status ?? null, words];
  const filter = `WHERE ($1::text IS NULL OR post_type = $1::text) AND ($3::text IS NULL OR status = $3::text)
        AND ($4::text IS NULL OR title ILIKE $4::text OR slug ILIKE $4::text OR description ILIKE $4::text)`;
  const total = q.cursor
    ? undefined
    : cappedCount(db, `FROM posts ${filter.replaceAll('$3', '$2').replaceAll('$4', '$3')}`, [params[0], params[2], params[3]]);
  const after = afterCursor(q.cursor, 'created_at', 'id', params);
  const r = await db.query<Omit<AdminPostRow, 'content'> & { cursor_at: string }>(
    `SELECT ${ADMIN_SUMMARY_COLUMNS}, ${cursorAt('created_at')} AS cursor_at FROM posts
      ${filter} ${after ? `AND ${after}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    params,
  );
  const { page, next } = splitPage(r.rows, q.limit);
  return { posts: page.map(toAdminPostSummary), next, total: await total };
}
