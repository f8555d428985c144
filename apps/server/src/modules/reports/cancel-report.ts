import { REPORT_MESSAGES, type Report } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { endRun } from './fail-report.ts';
import { findReport } from './find-report.ts';
import { toReportView } from './report-view.ts';

/**
 * Stops a report being written: its run's hold is released (exactly once) and the report fails as
 * cancelled, or, for a change to a completed report, goes back to the version it had. The worker
 * notices within a heartbeat (its lease no longer matches a processing report) and stops asking the
 * model; its next write finds the lease gone. A report that completed or failed first is not
 * cancelled (409): the report row's lock decides which came first.
 */
export async function cancelReport(deps: Pick<Deps, 'db'>, id: string, userId: string): Promise<Report> {
  const before = await findReport(deps.db, id, userId);
  const ended = await deps.db.transaction((tx) => endRun(tx, before.id, { message: REPORT_MESSAGES.cancelled, cancelled: true, userId }));
  if (!ended) throw conflict(REPORT_MESSAGES.notRunning, 'not_running');
  return toReportView(await findReport(deps.db, id, userId));
}
