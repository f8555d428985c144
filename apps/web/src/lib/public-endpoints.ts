/**
 * The declarations the public pages call, in a module of their own that `publicEndpoints()`
 * (lib/api.ts) loads on the first call. A declaration brings zod and its schemas, which the
 * browser only checks in development; a server-drawn page arrives with its data and calls none at
 * first, so its first load stays without them (decisions 126, 129).
 */
export { blogEndpoints, purchaseEndpoints, systemEndpoints, tokensEndpoints } from '@assay/shared';
