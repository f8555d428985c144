import type { ProviderRefund } from '../../adapters/payments/payment-provider.ts';
import type { Queryable } from '../../db/client.ts';
import { lockRefund, refundReceipt, type RefundRow } from './refund-row.ts';

export type RefundSettlement = 'recorded' | 'unchanged' | 'stale' | 'unknown';

/**
 * Records what the provider says of a refund of ours: its id on the request and its state —
 * processed → refunded, failed → refund_failed (the operator may retry), pending → still
 * approved. Only the request's current attempt counts (by its id, or by its deterministic
 * receipt when the answer to the call was lost); an older attempt's news is stale. Replays
 * change nothing. Call with the request locked (the caller's transaction).
 */
export async function recordProviderRefund(tx: Queryable, r: RefundRow, refund: ProviderRefund): Promise<RefundSettlement> {
  const current = r.provider_refund_id ? refund.id === r.provider_refund_id : refund.receipt === refundReceipt(r.id, r.refund_attempt);
  if (!current || refund.payment_id !== r.provider_payment_id || refund.amount !== r.refund_minor) return 'stale';
  const next =
    refund.status === 'processed' && (r.status === 'approved' || r.status === 'refund_failed')
      ? 'refunded'
      : refund.status === 'failed' && r.status === 'approved'
        ? 'refund_failed'
        : r.status;
  if (next === r.status && r.provider_refund_id === refund.id && r.provider_status === refund.status) return 'unchanged';
  await tx.query(
    `UPDATE refund_requests
        SET provider_refund_id = $2, provider_status = $3, status = $4, provider_call_started_at = NULL,
            settled_at = CASE WHEN $4 = 'refunded' THEN coalesce(settled_at, now()) ELSE settled_at END,
            provider_detail = CASE WHEN $4 = 'refund_failed' THEN 'The provider reported the refund failed' ELSE provider_detail END
      WHERE id = $1`,
    [r.id, refund.id, refund.status, next],
  );
  return 'recorded';
}

/**
 * A refund webhook (refund.processed / refund.failed) from the payments module's event handler,
 * in its transaction: finds our request by the id we stored or by the request id we put in the
 * refund's notes, and records the state. An event for a refund that is not ours is 'unknown'.
 */
export async function settleProviderRefund(tx: Queryable, refund: ProviderRefund): Promise<RefundSettlement> {
  const byId = (
    await tx.query<{ id: string }>(
      `SELECT id FROM refund_requests WHERE provider_refund_id = $1
     UNION ALL SELECT id FROM refund_requests WHERE id::text = $2 LIMIT 1`,
      [refund.id, refund.notes.refund_request_id ?? ''],
    )
  ).rows[0];
  const r = byId && (await lockRefund(tx, byId.id));
  if (!r) return 'unknown';
  return recordProviderRefund(tx, r, refund);
}
