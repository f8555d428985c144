import type { ContactSubmission } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cappedCount, cursorAt, exactTotal, splitPage } from '../../lib/paging.ts';
import { containsPattern } from '../../lib/sql.ts';
import { readCounter } from '../../lib/stat-counters.ts';
import { nextDay, startOfDayIn } from '../../lib/time-zone.ts';

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
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

const toView = ({ cursor_at: _, ...r }: SubmissionRow & { cursor_at?: string }): ContactSubmission =>
  ({ ...r, submitted_at: r.submitted_at.toISOString() });

const COLUMNS = `id, reason, form, name, phone, email, message, submitted_at, ${cursorAt('submitted_at')} AS cursor_at`;

/** Every submission the filter matches, newest first (the CSV export). */
export async function allSubmissions(db: Queryable, filter: SubmissionFilter): Promise<ContactSubmission[]> {
  const { sql, params } = whereClause(filter);
  const r = await db.query<SubmissionRow>(`SELECT ${COLUMNS} FROM contact_submissions ${sql} ORDER BY submitted_at DESC, id DESC`, params);
  return r.rows.map(toView);
}

/**
 * One page of submissions, newest first: after `cursor` (keyset) or at `page` (offset), never
 * more than `limit`. The total is exact without a filter (a running counter), else counted up to
 * a cap.
 */
export async function listSubmissions(
  db: Queryable,
  filter: SubmissionFilter,
  paging: { page?: number | undefined; cursor?: string | undefined; limit: number },
) {
  const { sql, params } = whereClause(filter);
  const total = sql
    ? cappedCount(db, `FROM contact_submissions ${sql}`, params)
    : readCounter(db, 'contact_submissions').then(exactTotal);
  const pageParams = [...params];
  const after = afterCursor(paging.cursor, 'submitted_at', 'id', pageParams);
  const pageSql = after ? `${sql ? `${sql} AND` : 'WHERE'} ${after}` : sql;
  const offset = paging.cursor ? 0 : ((paging.page ?? 1) - 1) * paging.limit;
  const r = await db.query<SubmissionRow & { cursor_at: string }>(
    `SELECT ${COLUMNS} FROM contact_submissions ${pageSql} ORDER BY submitted_at DESC, id DESC
      LIMIT $${pageParams.length + 1} OFFSET $${pageParams.length + 2}`,
    [...pageParams, paging.limit + 1, offset],
  );
  const { page, next } = splitPage(r.rows, paging.limit);
  return { submissions: page.map(toView), total: await total, next };
}
