export { reportsRoutes } from './reports.routes.ts';
export { processReport, type WorkerDeps } from './process-report.ts';
export { failStuckReports } from './fail-stuck-reports.ts';
export { failReport } from './fail-report.ts';
export { REPORT_JOB, reportQueueSpec, type ReportJobData } from './report-jobs.ts';
export { openReportPdf } from './download-report.ts';
