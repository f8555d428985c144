import type { ADMIN_POST_STATUS_FILTERS, AdminPostSummary, PostType } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cappedCount, cursorAt, exactTotal, splitPage, type Keyset, type Total } from '../../lib/paging.ts';
import { containsPattern, isUuid } from '../../lib/sql.ts';
import { taggedWith, tagsOfPosts } from './post-tags.ts';
import { ADMIN_SUMMARY_COLUMNS, toAdminPostSummary, type AdminPostRow } from './post-row.ts';

/**
 * Posts of a type (or all), whatever their status, newest created first: one page, after `cursor`,
 * of list fields only — a body is read when the post is opened (read-admin-post.ts; issue 32).
 * Filters: type, status (draft, scheduled, published), tag, words. The first page also counts what the filter matches (up to the cap), so the panel's tab counts
 * are totals and not the length of a page.
 */
export async function listAdminPosts(
  db: Queryable,
  q: {
    post_type?: PostType | undefined;
    status?: (typeof ADMIN_POST_STATUS_FILTERS)[number] | undefined;
    tag?: string | undefined;
    q?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ posts: AdminPostSummary[]; next: Keyset | undefined; total: Total | undefined }> {
  // Only the conditions asked for: "$n IS NULL OR …" makes PostgreSQL test every row (decision 186).
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (condition: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (q.post_type) add((p) => `post_type = ${p}`, q.post_type);
  // A scheduled post is a draft with a publish time (decision 204): "draft" means the others.
  if (q.status === 'scheduled') where.push('publish_at IS NOT NULL');
  else if (q.status) add((p) => `status = ${p}${q.status === 'draft' ? ' AND publish_at IS NULL' : ''}`, q.status);
  // Through post_tags' (tag_id, post_id) index; an id that is no tag's matches nothing.
  if (q.tag !== undefined) {
    if (!isUuid(q.tag)) return { posts: [], next: undefined, total: q.cursor ? undefined : exactTotal(0) };
    add(taggedWith, q.tag);
  }
  // One lower-cased text in one trigram index (migration 243): a third of three ILIKEs' cost per post.
  if (q.q?.trim()) add((p) => `lower(title || ' ' || slug || ' ' || description) LIKE ${p}`, containsPattern(q.q.trim().toLowerCase()));
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = q.cursor ? undefined : cappedCount(db, `FROM posts ${filter}`, [...params]);
  const after = afterCursor(q.cursor, 'created_at', 'id', params);
  params.push(q.limit + 1);
  const r = await db.query<Omit<AdminPostRow, 'content'> & { cursor_at: string }>(
    `SELECT ${ADMIN_SUMMARY_COLUMNS}, ${cursorAt('created_at')} AS cursor_at FROM posts
      ${filter} ${after ? `${filter ? 'AND' : 'WHERE'} ${after}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  const { page, next } = splitPage(r.rows, q.limit);
  const tags = await tagsOfPosts(
    db,
    page.map((p) => p.id),
  );
  return { posts: page.map((p) => toAdminPostSummary(p, tags.get(p.id) ?? [])), next, total: await total };
}
