import type { Deps } from './deps.ts';
import { reconcileStaleOrders } from './modules/payments/index.ts';
import {
  createReportLeases,
  failStuckReports,
  processReport,
  REPORT_JOB,
  requeueAbandonedReports,
  type ReportJobData,
} from './modules/reports/index.ts';
import { purgeExpired } from './modules/system/purge-expired.ts';
import { expireLots } from './modules/tokens/index.ts';

/**
 * Work that runs off the request path: the report worker, and periodic sweeps that are safe
 * to run in every worker process at once (each is idempotent).
 */
export async function startBackgroundWork(deps: Deps) {
  const { config, log } = deps;
  // Files half-written by a worker that crashed; a live write is renamed within milliseconds.
  const stale = await deps.blobs.removeStaleTemporaryFiles?.(config.REPORT_LEASE_MS);
  if (stale) log.warn({ removed: stale }, 'temporary files left by a stopped worker removed');
  const leases = createReportLeases(deps.db, { ttlMs: config.REPORT_LEASE_MS, log });
  await deps.queue.work<ReportJobData>(REPORT_JOB, config.REPORT_WORKER_CONCURRENCY, (job) =>
    processReport(deps, job, { sectionConcurrency: config.REPORT_SECTION_CONCURRENCY, leases }),
  );
  // Reports whose worker stopped renewing its lease are resumed, from start and every few seconds.
  const requeue = async () => {
    const reports = await requeueAbandonedReports(deps.db, deps.queue);
    if (reports.length) log.warn({ reports }, 'reports whose worker stopped were queued again');
  };
  await requeue();
  const timers = [
    every(config.REPORT_LEASE_MS / 3, requeue),
    every(60_000, async () => {
      const failed = await failStuckReports(deps.db, config.REPORT_STUCK_MINUTES);
      if (failed) log.warn({ failed }, 'stuck reports failed and refunded');
    }),
    // A lost webhook and a closed browser still end in tokens credited or the order failed.
    every(5 * 60_000, async () => {
      await reconcileStaleOrders(deps, { olderThanMinutes: 15, abandonAfterMinutes: config.PAYMENT_ORDER_ABANDON_MINUTES });
    }),
    every(60 * 60_000, async () => {
      await expireLots(deps.db);
      await purgeExpired(deps.db);
    }),
  ];
  log.info({ concurrency: config.REPORT_WORKER_CONCURRENCY }, 'report worker started');
  return () => {
    timers.forEach(clearInterval);
    leases.stop();
  };

  function every(ms: number, task: () => Promise<void>) {
    return setInterval(() => task().catch((err) => log.error({ err }, 'background task failed')), ms).unref();
  }
}
