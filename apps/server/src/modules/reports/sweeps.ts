import type { Deps } from '../../deps.ts';
import { defineSweep } from '../../jobs/job-definition.ts';
import { failStuckReports } from './fail-stuck-reports.ts';
import { requeueAbandonedReports } from './requeue-abandoned-reports.ts';

/** Reports whose worker stopped (its lease expired, or it died before taking one) are resumed, at start and every few seconds. */
export const requeueAbandonedReportsSweep = defineSweep({
  name: 'reports.requeue-abandoned',
  everyMs: (config) => config.REPORT_LEASE_MS / 3,
  runAtStart: true,
  async run(deps: Deps) {
    const reports = await requeueAbandonedReports(deps.db, deps.queue, deps.config.REPORT_LEASE_MS);
    if (reports.length) deps.log.warn({ reports }, 'reports whose worker stopped were queued again');
  },
});

/** No report stays processing forever: one idle too long fails and its tokens go back. */
export const failStuckReportsSweep = defineSweep({
  name: 'reports.fail-stuck',
  everyMs: () => 60_000,
  async run(deps: Deps) {
    const failed = await failStuckReports(deps, deps.config.REPORT_STUCK_MINUTES);
    if (failed) deps.log.warn({ failed }, 'stuck reports failed and refunded');
  },
});

/** Files half-written by a worker that crashed; a live write is renamed within milliseconds. */
export const staleReportFilesSweep = defineSweep({
  name: 'reports.stale-files',
  everyMs: () => 60 * 60_000,
  runAtStart: true,
  async run(deps: Deps) {
    const removed = await deps.blobs.removeStaleTemporaryFiles?.(deps.config.REPORT_LEASE_MS);
    if (removed) deps.log.warn({ removed }, 'temporary files left by a stopped worker removed');
  },
});
