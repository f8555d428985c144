import { reportsEndpoints } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/**
 * POST /reports/understand: what the writer in use reads from an idea (the invention record),
 * for the member to check before any token is held. It spends nothing; it is rate-limited (429).
 */
export const understandIdea = (idea: string, signal?: AbortSignal) => call(reportsEndpoints.understand, { body: { idea }, signal });
