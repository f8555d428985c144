import type { ReportList, ReportStatus } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { REPORT_SELECT, toReportView, type ReportRow } from './report-view.ts';

/** The member's own reports, newest first, one page at a time. */
export async function listReports(
  db: Queryable,
  userId: string,
  q: { page: number; limit: number; status?: ReportStatus | undefined },
): Promise<ReportList> {
  const where = 'r.user_id = $1 AND ($2::text IS NULL OR r.status = $2::text)';
  const [rows, count] = await Promise.all([
    db.query<ReportRow>(`${REPORT_SELECT} WHERE ${where} ORDER BY r.created_at DESC, r.id LIMIT $3 OFFSET $4`, [
      userId, q.status ?? null, q.limit, (q.page - 1) * q.limit,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports r WHERE ${where}`, [userId, q.status ?? null]),
  ]);
  const total = count.rows[0]!.n;
  return {
    reports: rows.rows.map(toReportView),
    page: q.page,
    pages: Math.max(1, Math.ceil(total / q.limit)),
    total,
  };
}
