import type { Deps } from './deps.ts';
import { reconcileStaleOrders } from './modules/payments/index.ts';
import { failStuckReports, processReport, REPORT_JOB, type ReportJobData } from './modules/reports/index.ts';
import { purgeExpired } from './modules/system/purge-expired.ts';
import { expireLots } from './modules/tokens/index.ts';

/**
 * Work that runs off the request path: the report worker, and periodic sweeps that are safe
 * to run in every worker process at once (each is idempotent).
 */
export async function startBackgroundWork(deps: Deps) {
  const { config, log } = deps;
  await deps.queue.work<ReportJobData>(REPORT_JOB, config.REPORT_WORKER_CONCURRENCY, (job) =>
    processReport(deps, job, config.REPORT_SECTION_CONCURRENCY),
  );
  const timers = [
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
  return () => timers.forEach(clearInterval);

  function every(ms: number, task: () => Promise<void>) {
    return setInterval(() => task().catch((err) => log.error({ err }, 'background task failed')), ms).unref();
  }
}
