import type { Report } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { findReport } from './find-report.ts';
import { toReportView } from './report-view.ts';

/**
 * A member renames their report (a title the engine got wrong, say): the list, the details and
 * the PDF's file name follow. The rename is remembered (title_renamed_at), so a report still
 * being written keeps the member's title when the worker finishes. Another member's report is
 * not found (404).
 */
export async function renameReport(deps: Pick<Deps, 'db'>, id: string, userId: string, title: string): Promise<Report> {
  await findReport(deps.db, id, userId);
  await deps.db.query('UPDATE reports SET title = $3, title_renamed_at = now(), updated_at = now() WHERE id = $1 AND user_id = $2', [
    id,
    userId,
    title,
  ]);
  return toReportView(await findReport(deps.db, id, userId));
}
