import type { ContactSubmission } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../lib/sql.ts';

export interface SubmissionFilter {
  q?: string | undefined;
  /** YYYY-MM-DD (a UTC day) or an ISO timestamp. */
  from?: string | undefined;
  /** Inclusive: a day means up to the end of that day. */
  to?: string | undefined;
}

interface SubmissionRow {
  id: string;
  reason: string | null;
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
    where.push(`(name ILIKE $${params.length} OR email ILIKE $${params.length} OR message ILIKE $${params.length})`);
  }
  if (f.from) {
    params.push(DAY.test(f.from) ? `${f.from}T00:00:00Z` : new Date(f.from).toISOString());
    where.push(`submitted_at >= $${params.length}::timestamptz`);
  }
  if (f.to) {
    if (DAY.test(f.to)) {
      params.push(`${f.to}T00:00:00Z`);
      where.push(`submitted_at < $${params.length}::timestamptz + interval '1 day'`);
    } else {
      params.push(new Date(f.to).toISOString());
      where.push(`submitted_at <= $${params.length}::timestamptz`);
    }
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

const toView = (r: SubmissionRow): ContactSubmission => ({ ...r, submitted_at: r.submitted_at.toISOString() });

/** Submissions newest first; with a page, one page of them and the total. */
export async function listSubmissions(
  db: Queryable,
  filter: SubmissionFilter,
  paging?: { page: number; limit: number },
): Promise<{ submissions: ContactSubmission[]; total: number }> {
  const { sql, params } = whereClause(filter);
  const columns = 'id, reason, name, phone, email, message, submitted_at';
  if (!paging) {
    const r = await db.query<SubmissionRow>(
      `SELECT ${columns} FROM contact_submissions ${sql} ORDER BY submitted_at DESC, id DESC`,
      params,
    );
    return { submissions: r.rows.map(toView), total: r.rows.length };
  }
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_submissions ${sql}`, params)).rows[0]!.n;
  const r = await db.query<SubmissionRow>(
    `SELECT ${columns} FROM contact_submissions ${sql} ORDER BY submitted_at DESC, id DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.limit, (paging.page - 1) * paging.limit],
  );
  return { submissions: r.rows.map(toView), total };
}
