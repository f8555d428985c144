import { COMPLEXITIES, REPORT_MESSAGES, TIER_LABELS, upgradePrice, type Complexity, type Report } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { findReport } from './find-report.ts';
import { toReportView } from './report-view.ts';
import { lockReport, startRun } from './start-run.ts';

/**
 * Rewrites a completed report at a higher tier for the difference in price. The record and the
 * evidence are reused; the plan and sections are written for the new tier, and the result is a new
 * version (the old one stays downloadable). Concurrent clicks: the first, under the report's lock,
 * holds the difference and sets the new tier; the others find the report already being upgraded to
 * that tier and answer it unchanged, charging nothing.
 */
export async function upgradeReport(deps: Pick<Deps, 'db' | 'queue'>, id: string, userId: string, to: Complexity): Promise<Report> {
  await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, id, userId);
    if (report.status === 'processing' && report.run_kind === 'upgrade' && report.complexity === to) return; // a repeat click
    if (report.status !== 'completed')
      throw conflict(report.status === 'processing' ? REPORT_MESSAGES.stillRunning : REPORT_MESSAGES.notCompleted, 'not_completed');
    if (COMPLEXITIES.indexOf(to) <= COMPLEXITIES.indexOf(report.complexity)) {
      throw new AppError(422, REPORT_MESSAGES.notHigherTier, 'not_higher_tier');
    }
    await startRun(tx, deps.queue, report, {
      kind: 'upgrade',
      amount: upgradePrice(report.complexity, to),
      purpose: `Upgrade from ${TIER_LABELS[report.complexity]} to ${TIER_LABELS[to]}`,
      complexity: to,
      detail: { from: report.complexity, to },
      replan: true,
    });
  });
  return toReportView(await findReport(deps.db, id, userId));
}
