import type { QueueSpec } from '../../jobs/job-queue.ts';

export const REPORT_JOB = 'report.generate';

/** Retried twice with backoff; a job whose worker vanished is retried after 15 minutes. */
export const reportQueueSpec = (retryLimit: number): QueueSpec => ({
  name: REPORT_JOB,
  retryLimit,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
});

export interface ReportJobData {
  reportId: string;
}
