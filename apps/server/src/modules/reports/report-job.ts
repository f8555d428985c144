import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { processReport } from './process-report.ts';
import { createReportLeases } from './report-lease.ts';

/**
 * Writing one report. Retried with backoff after a thrown error. A worker that vanished is
 * noticed by its report's lease within seconds (the requeue sweep); the 15-minute expiry is
 * only a backstop for a job lost before its lease was taken.
 */
export const reportJob = defineJob({
  name: 'report.generate',
  payload: z.object({ reportId: z.uuid() }),
  policy: (config) => ({
    retryLimit: config.REPORT_JOB_RETRY_LIMIT,
    retryDelaySeconds: 5,
    expireInSeconds: 15 * 60,
    concurrency: config.REPORT_WORKER_CONCURRENCY,
  }),
  start(deps: Deps) {
    // One heartbeat per process for all the reports it is writing.
    const leases = createReportLeases(deps.db, { ttlMs: deps.config.REPORT_LEASE_MS, log: deps.log });
    return {
      handle: (job) => processReport(deps, job, { sectionConcurrency: deps.config.REPORT_SECTION_CONCURRENCY, leases }),
      stop: () => leases.stop(),
    };
  },
});
