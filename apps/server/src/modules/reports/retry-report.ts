import { REPORT_COSTS, REPORT_MESSAGES, type Report } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { findReport } from './find-report.ts';
import { toReportView } from './report-view.ts';
import { lockReport, startRun } from './start-run.ts';

/**
 * "Try again" on a failed (or cancelled) report: the same record and idea, no re-paste. Its
 * tokens went back when it failed; the retry holds the tier's cost again and queues the report,
 * resuming from the sections already written. Under the report's lock, so two clicks retry once
 * (the second finds it processing: 409).
 */
export async function retryReport(deps: Pick<Deps, 'db' | 'queue'>, id: string, userId: string): Promise<Report> {
  await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, id, userId);
    if (report.status !== 'failed') throw conflict(REPORT_MESSAGES.notFailed, 'not_failed');
    await startRun(tx, deps.queue, report, { kind: 'retry', amount: REPORT_COSTS[report.complexity], purpose: 'Report tried again' });
  });
  return toReportView(await findReport(deps.db, id, userId));
}
