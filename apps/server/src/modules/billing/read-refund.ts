import { REFUND_MESSAGES as M, type AdminRefund } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { findRefund, toAdminRefund } from './refund-row.ts';

/**
 * One refund request whole, for the operator: the list carries each reason shortened
 * (docs/decisions/189-billing-history-bounded.md), this reads both in full. Unknown or not an id: 404.
 */
export async function readRefund(db: Queryable, id: string): Promise<AdminRefund> {
  if (!isUuid(id)) throw notFound(M.refundNotFound, 'refund_not_found');
  const r = await findRefund(db, id);
  if (!r) throw notFound(M.refundNotFound, 'refund_not_found');
  return toAdminRefund(r);
}
