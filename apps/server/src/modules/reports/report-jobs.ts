import type { QueueSpec } from '../../jobs/job-queue.ts';

export const REPORT_JOB = 'report.generate';

/**
 * Retried with backoff after a thrown error. A worker that vanished is noticed by its report's
 * lease within seconds (requeueAbandonedReports); the 15-minute expiry is only a backstop for a
 * job lost before its lease was taken.
 */
export const reportQueueSpec = (retryLimit: number): QueueSpec => ({
  name: REPORT_JOB,
  retryLimit,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
});

export interface ReportJobData {
  reportId: string;
}
