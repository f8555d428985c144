import type { Queryable } from '../../db/client.ts';
import { ascendingPages } from '../../lib/paging.ts';
import { REPORT_COLUMNS, toReportView, type ReportRow } from './report-view.ts';

/**
 * Every report of a member, oldest first, with its stored PDF's key (data export): a page at a
 * time (keyset), so a member with thousands of reports is never held whole.
 */
export async function* reportPagesForExport(q: Queryable, userId: string, pageSize?: number) {
  const pages = ascendingPages<ReportRow>(q, {
    columns: REPORT_COLUMNS,
    from: 'reports r',
    where: 'r.user_id = $1',
    params: [userId],
    at: 'r.created_at',
    id: 'r.id',
    idType: 'uuid',
    pageSize,
  });
  for await (const rows of pages) {
    yield rows.map((row) => ({ report: toReportView(row), pdfKey: row.status === 'completed' ? row.pdf_key : null }));
  }
}

/** The title of a report a member is still waiting for, if any: deleting the account waits for it. */
export async function reportInProgress(q: Queryable, userId: string): Promise<string | undefined> {
  const r = await q.query<{ title: string }>(
    `SELECT title FROM reports WHERE user_id = $1 AND status = 'processing' ORDER BY created_at LIMIT 1`,
    [userId],
  );
  return r.rows[0]?.title;
}

/**
 * Account deletion: removes the member's reports and their sections, returning the stored
 * files' keys for the caller to delete from the blob store.
 */
export async function deleteMemberReports(tx: Queryable, userId: string): Promise<string[]> {
  // Every version's file too (issue 27); a restored version shares its original's file.
  const versions = await tx.query<{ pdf_key: string }>(
    `SELECT v.pdf_key FROM report_versions v JOIN reports r ON r.id = v.report_id WHERE r.user_id = $1
     UNION SELECT l.pdf_key FROM report_share_links l JOIN reports r ON r.id = l.report_id WHERE r.user_id = $1
     UNION SELECT p.pdf_key FROM reviewed_pdfs p JOIN review_requests q ON q.id = p.request_id WHERE q.user_id = $1 AND p.pdf_key IS NOT NULL`,
    [userId],
  );
  const r = await tx.query<{ pdf_key: string | null }>('DELETE FROM reports WHERE user_id = $1 RETURNING pdf_key', [userId]);
  return [...new Set([...versions.rows.map((v) => v.pdf_key), ...r.rows.flatMap((row) => (row.pdf_key ? [row.pdf_key] : []))])];
}
