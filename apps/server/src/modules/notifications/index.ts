/** Notification mails and the member's choices of the optional ones (docs/decisions/133-notifications.md). */
export { notificationsRoutes } from './notifications.routes.ts';
export { readPreferences } from './preferences.ts';
export { notifyReportFailed, notifyReportReady } from './notify-report.ts';
export { notifyExpiringTokens, notifyExpiringTokensSweep } from './notify-expiring-tokens.ts';
