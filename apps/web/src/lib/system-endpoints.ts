/** The system declarations, in a module of its own so lib/site.ts can load them (and zod) on demand. */
export { systemEndpoints } from '@assay/shared';
