export { reportsRoutes } from './reports.routes.ts';
export { processReport, type ReportWorkOptions, type WorkerDeps } from './process-report.ts';
export { createReportLeases, LeaseLostError, type ReportLease, type ReportLeases } from './report-lease.ts';
export { requeueAbandonedReports } from './requeue-abandoned-reports.ts';
export { failStuckReports } from './fail-stuck-reports.ts';
export { failReport } from './fail-report.ts';
export { REPORT_JOB, reportQueueSpec, type ReportJobData } from './report-jobs.ts';
export { openReportPdf } from './download-report.ts';
