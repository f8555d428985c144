import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { REPORT_MESSAGES } from '@assay/shared';
import { REPORT_SELECT, type ReportRow } from './report-view.ts';
import { isUuid } from '../../lib/sql.ts';

/**
 * A report by id. With an owner, another member's report is "not found" (404, never 403),
 * so report ids cannot be probed.
 */
export async function findReport(db: Queryable, id: string, ownerId?: string): Promise<ReportRow> {
  if (!isUuid(id)) throw notFound(REPORT_MESSAGES.notFound);
  const r = await db.query<ReportRow>(`${REPORT_SELECT} WHERE r.id = $1 AND ($2::uuid IS NULL OR r.user_id = $2::uuid)`, [
    id,
    ownerId ?? null,
  ]);
  if (!r.rows[0]) throw notFound(REPORT_MESSAGES.notFound);
  return r.rows[0];
}
