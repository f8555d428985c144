import { adminEndpoints, type TokenAdjustment } from '@assay/shared';
import { call } from '../../../lib/api.ts';
import { asOperator } from '../lib/admin-api.ts';

/**
 * POST /admin/users/{id}/token-adjustments: a grant (amount > 0) or deduction (amount < 0) with
 * its reason. The same key for the same reviewed adjustment: a retry is made once.
 */
export const adjustTokens = (userId: string, body: TokenAdjustment, idempotencyKey: string) =>
  asOperator((authorization) =>
    call(adminEndpoints.adjustTokens, { params: { id: userId }, body, authorization, headers: { 'idempotency-key': idempotencyKey } }),
  );
