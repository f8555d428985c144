import type { Config } from './config/env.ts';
import type { Deps } from './deps.ts';
import { queueSpec, runnable, sweepQueueSpec, type RunnableJob, type SweepDefinition } from './jobs/job-definition.ts';
import { buildExportJob, purgeExpiredExportsSweep } from './modules/account/index.ts';
import { sendInvoiceReceiptJob, sendRefundApprovedJob } from './modules/billing/index.ts';
import { publishScheduledJob } from './modules/blog/index.ts';
import { reviewDeadlinesSweep, reviewedPdfJob } from './modules/experts/index.ts';
import { sendMailJob } from './modules/mail/index.ts';
import { notifyExpiringTokensSweep } from './modules/notifications/index.ts';
import { reconcileStaleOrdersSweep } from './modules/purchase/index.ts';
import { failStuckReportsSweep, reportJob, requeueAbandonedReportsSweep, staleReportFilesSweep } from './modules/reports/index.ts';
import { purgeExpiredSweep, tendTablesSweep } from './modules/system/index.ts';
import { expireLotsSweep } from './modules/tokens/index.ts';

/** Every queued job and periodic sweep, each defined once in its module. */
export const jobs: ReadonlyArray<RunnableJob<Deps>> = [
  runnable(reportJob),
  runnable(sendMailJob),
  runnable(sendInvoiceReceiptJob),
  runnable(sendRefundApprovedJob),
  runnable(buildExportJob),
  runnable(publishScheduledJob),
  runnable(reviewedPdfJob),
];

export const sweeps: ReadonlyArray<SweepDefinition<Deps>> = [
  requeueAbandonedReportsSweep,
  failStuckReportsSweep,
  staleReportFilesSweep,
  reconcileStaleOrdersSweep,
  expireLotsSweep,
  notifyExpiringTokensSweep,
  purgeExpiredSweep,
  tendTablesSweep,
  purgeExpiredExportsSweep,
  reviewDeadlinesSweep,
];

/** Every queue: one per job and one per sweep (a sweep runs as a queued job, once per period). */
export const queueSpecs = (config: Config) => [
  ...jobs.map((job) => queueSpec(job, config)),
  ...sweeps.map((sweep) => sweepQueueSpec(sweep, config)),
];
