import { endpointPath, reportsEndpoints, TIER_LABELS, type AdminReport, type AdminReviewFinding, type Complexity } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, cursorAt, splitPage } from '../../lib/paging.ts';

/** One member's reports for the operator panel, newest first, one page: file_url when the PDF exists. */
export async function listUserReports(db: Queryable, userId: string, q: { cursor?: string | undefined; limit: number }) {
  const params: unknown[] = [userId, q.limit + 1];
  const after = afterCursor(q.cursor, 'created_at', 'id', params);
  const r = await db.query<{
    id: string;
    title: string;
    created_at: Date;
    cursor_at: string;
    complexity: Complexity;
    status: string;
    error_message: string | null;
    pdf_key: string | null;
    review_findings: AdminReviewFinding[] | null;
  }>(
    `SELECT id, title, created_at, ${cursorAt('created_at')} AS cursor_at, complexity, status, error_message, pdf_key, review_findings FROM reports
      WHERE user_id = $1 ${after ? `AND ${after}` : ''} ORDER BY created_at DESC, id DESC LIMIT $2`,
    params,
  );
  const { page, next } = splitPage(r.rows, q.limit);
  const reports: AdminReport[] = page.map((x) => ({
    id: x.id,
    title: x.title,
    created_at: x.created_at.toISOString(),
    plan_name: TIER_LABELS[x.complexity],
    file_url: x.status === 'completed' && x.pdf_key ? endpointPath(reportsEndpoints.download, { id: x.id }) : null,
    status: x.status,
    error_message: x.status === 'failed' ? x.error_message : null,
    // Open findings first, then by section; capped so a page stays small.
    review: x.review_findings
      ? [...x.review_findings].sort((a, b) => Number(b.resolution === 'open') - Number(a.resolution === 'open')).slice(0, 50)
      : null,
  }));
  return { reports, next };
}
