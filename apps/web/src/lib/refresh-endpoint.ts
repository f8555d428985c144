import { authEndpoints, endpointPath } from '@assay/shared';

/** The refresh endpoint's path, in a module of its own so session.ts can load it (and zod) on demand. */
export const refreshPath = endpointPath(authEndpoints.refresh);
