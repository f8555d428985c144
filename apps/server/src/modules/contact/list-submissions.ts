import type { ContactSubmission } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cappedCount, countedPageSql, cursorAt, exactTotal, offsetWindow, splitPage, totalOfPage } from '../../lib/paging.ts';
import { containsPattern } from '../../lib/sql.ts';
import { readCounter } from '../../lib/stat-counters.ts';
import { nextDay, startOfDayIn } from '../../lib/time-zone.ts';

export type { SubmissionRow };

export interface SubmissionFilter {
  q?: string | undefined;
  /** YYYY-MM-DD (a day in `tz`) or an ISO timestamp. */
  from?: string | undefined;
  /** Inclusive: a day means up to the end of that day in `tz`. */
  to?: string | undefined;
  /** The operator's IANA time zone; days are UTC days without it. */
  tz?: string | undefined;
}

interface SubmissionRow {
  id: string;
  reason: string | null;
  form: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  submitted_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function whereClause(f: SubmissionFilter) {
  const params: unknown[] = [];
  const where: string[] = [];
  const q = f.q?.trim();
  if (q) {
    params.push(containsPattern(q));
    // One expression, so one trigram index answers it (migration 050).
    where.push(`(name || ' ' || email || ' ' || message) ILIKE $${params.length}`);
  }
  const zone = f.tz ?? 'UTC';
  if (f.from) {
    params.push((DAY.test(f.from) ? startOfDayIn(f.from, zone) : new Date(f.from)).toISOString());
    where.push(`submitted_at >= $${params.length}::timestamptz`);
  }
  if (f.to) {
    if (DAY.test(f.to)) {
      // Up to the next local midnight: a day of 23 or 25 hours where the clocks change.
      params.push(startOfDayIn(nextDay(f.to), zone).toISOString());
      where.push(`submitted_at < $${params.length}::timestamptz`);
    } else {
      params.push(new Date(f.to).toISOString());
      where.push(`submitted_at <= $${params.length}::timestamptz`);
    }
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', cond: where.join(' AND '), params };
}

export const toSubmissionView = ({ cursor_at: _, ...r }: SubmissionRow & { cursor_at?: string }): ContactSubmission => ({
  ...r,
  submitted_at: r.submitted_at.toISOString(),
  handled_at: r.handled_at?.toISOString() ?? null,
});
const toView = toSubmissionView;

export const SUBMISSION_COLUMNS = 'id, reason, form, name, phone, email, message, submitted_at, handled_at, handled_by';
const COLUMNS = `${SUBMISSION_COLUMNS}, ${cursorAt('submitted_at')} AS cursor_at`;

/**
 * Every submission the filter matches, newest first, a page at a time (keyset on submitted_at,
 * id): the CSV export holds one page in memory however many there are (decision 181). A page is
 * read and written as one piece of work on the event loop, so it is small: at 200 rows other
 * requests wait ~1 ms behind it (3 ms at 500, p99 6–10 ms), and 100,000 messages take as long.
 */
export async function* allSubmissions(db: Queryable, filter: SubmissionFilter, pageSize = 200): AsyncGenerator<ContactSubmission[]> {
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const { cond, params } = whereClause(filter);
    const where = [cond];
    if (cursor) {
      params.push(cursor.at, cursor.id);
      where.push(`(submitted_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(pageSize);
    const r = await db.query<SubmissionRow & { exact_at: string }>(
      `SELECT ${COLUMNS}, submitted_at::text AS exact_at FROM contact_submissions
        ${where.some(Boolean) ? `WHERE ${where.filter(Boolean).join(' AND ')}` : ''}
        ORDER BY submitted_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    if (r.rows.length === 0) return;
    yield r.rows.map(({ exact_at: _, ...row }) => toView(row));
    if (r.rows.length < pageSize) return;
    const last = r.rows.at(-1)!;
    // The timestamp as PostgreSQL wrote it (microseconds), not as a JavaScript Date (milliseconds).
    cursor = { at: last.exact_at, id: last.id };
  }
}

/**
 * One page of submissions, newest first: after `cursor` (keyset) or at `page` (offset, from the
 * nearer end when unfiltered), never more than `limit`. The total is exact without a filter (a
 * running counter), else counted up to a cap in the page's own statement.
 */
export async function listSubmissions(
  db: Queryable,
  filter: SubmissionFilter,
  paging: { page?: number | undefined; cursor?: string | undefined; limit: number },
) {
  const { sql, cond, params } = whereClause(filter);
  const pageParams = [...params];
  const after = afterCursor(paging.cursor, 'submitted_at', 'id', pageParams);
  const offset = paging.cursor ? 0 : ((paging.page ?? 1) - 1) * paging.limit;
  const [limit, skip] = [`$${pageParams.length + 1}`, `$${pageParams.length + 2}`];
  // Unfiltered, the total is an exact counter, so a deep page is read from the nearer end;
  // filtered, the page and its total come from one statement (the search is looked up once).
  const counted = sql ? undefined : readCounter(db, 'contact_submissions').then(exactTotal);
  const win = offsetWindow(offset, paging.limit, counted && offset > 0 ? (await counted).n : undefined);
  const picked = sql
    ? countedPageSql({ table: 'contact_submissions', alias: 'c', at: 'submitted_at', filter: cond, after, limit, offset: skip })
    : `SELECT c.id, NULL::int AS total FROM contact_submissions c ${after ? `WHERE ${after}` : ''}
        ORDER BY c.submitted_at ${win.order}, c.id ${win.order} LIMIT ${limit} OFFSET ${skip}`;
  const r = await db.query<SubmissionRow & { cursor_at: string; total: number | null }>(
    `SELECT ${COLUMNS}, page.total FROM (${picked}) page JOIN contact_submissions USING (id)
      ORDER BY submitted_at DESC, id DESC`,
    [...pageParams, win.limit, win.offset],
  );
  const total = counted
    ? await counted
    : await totalOfPage(r.rows as { total: number }[], !paging.cursor && offset === 0, () =>
        cappedCount(db, `FROM contact_submissions ${sql}`, params),
      );
  const { page, next } = splitPage(r.rows, paging.limit);
  return { submissions: page.map(({ total: _, ...row }) => toView(row)), total, next };
}
