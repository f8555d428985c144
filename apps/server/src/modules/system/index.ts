/** Health, readiness and housekeeping. */
export { systemRoutes } from './system.routes.ts';
export { purgeExpiredSweep } from './purge-expired.ts';
export { tendTablesSweep } from './tend-tables.ts';
