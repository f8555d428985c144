import type { Queryable } from '../../db/client.ts';
import { REPORT_SELECT, toReportView, type ReportRow } from './report-view.ts';

/** Every report of a member, oldest first, with its stored PDF's key (data export). */
export async function listReportsForExport(q: Queryable, userId: string) {
  const r = await q.query<ReportRow>(`${REPORT_SELECT} WHERE r.user_id = $1 ORDER BY r.created_at, r.id`, [userId]);
  return r.rows.map((row) => ({ report: toReportView(row), pdfKey: row.status === 'completed' ? row.pdf_key : null }));
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
     UNION SELECT l.pdf_key FROM report_share_links l JOIN reports r ON r.id = l.report_id WHERE r.user_id = $1`,
    [userId],
  );
  const r = await tx.query<{ pdf_key: string | null }>('DELETE FROM reports WHERE user_id = $1 RETURNING pdf_key', [userId]);
  return [...new Set([...versions.rows.map((v) => v.pdf_key), ...r.rows.flatMap((row) => (row.pdf_key ? [row.pdf_key] : []))])];
}
