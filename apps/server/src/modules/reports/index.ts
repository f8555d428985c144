export { reportsRoutes } from './reports.routes.ts';
export { type WorkerDeps } from './process-report.ts';
export { failReport } from './fail-report.ts';
export { reportJob } from './report-job.ts';
export { failStuckReportsSweep, requeueAbandonedReportsSweep, staleReportFilesSweep } from './sweeps.ts';
export { openReportPdf } from './download-report.ts';
export { deleteMemberReports, reportInProgress, reportPagesForExport } from './member-reports.ts';
export { pdfFilename } from './download-report.ts';
