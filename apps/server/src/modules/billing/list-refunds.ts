import type { AdminRefundList, RefundStatus } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { REFUND_SELECT, toAdminRefund, type RefundRow } from './refund-row.ts';

/** The operator's list: newest first, optionally of one status, and how many wait for a decision. */
export async function listRefunds(db: Queryable, query: { status?: RefundStatus | undefined; limit: number }): Promise<AdminRefundList> {
  const rows = await db.query<RefundRow>(
    `${REFUND_SELECT} WHERE ($1::text IS NULL OR r.status = $1) ORDER BY r.requested_at DESC, r.id LIMIT $2`,
    [query.status ?? null, query.limit],
  );
  const pending = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_requests WHERE status = 'requested'`);
  return { items: rows.rows.map(toAdminRefund), pending_count: pending.rows[0]!.n };
}
