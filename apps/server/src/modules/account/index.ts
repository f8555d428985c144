/** The member's own data: export and account deletion (docs/decisions/134-export-and-account-deletion.md). */
export { accountRoutes } from './account.routes.ts';
export { buildExportJob, purgeExpiredExportsSweep } from './export-job.ts';
