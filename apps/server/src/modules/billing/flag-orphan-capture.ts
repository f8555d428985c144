import type { Queryable } from '../../db/client.ts';

/** The reason an operator reads on the flagged request. */
export const ORPHAN_CAPTURE_REASON = 'Payment captured after the buyer deleted the account: no tokens were credited. Refund it in full.';

/**
 * A payment captured after its buyer deleted the account credits nobody: it is kept (and
 * invoiced, as every capture), and a refund request for the whole amount, no fee, is opened in
 * the capture's transaction so the operator sees it in Refunds with the others and approving it
 * returns the money through the provider with a credit note
 * (docs/decisions/166-payments-captured-for-deleted-accounts.md). Idempotent: a payment with a
 * live request gets no second one (the unique index on live requests agrees).
 */
export async function flagOrphanCapture(tx: Queryable, paymentId: string): Promise<string | undefined> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO refund_requests (payment_id, user_id, origin, reason, tokens, currency, amount_minor, fee_minor, refund_minor)
     SELECT p.id, NULL, 'orphan_capture', $2, p.tokens, p.currency, p.amount, 0, p.amount
       FROM payments p
      WHERE p.id = $1 AND p.status = 'paid' AND p.user_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM refund_requests x WHERE x.payment_id = p.id AND x.status NOT IN ('declined', 'withdrawn'))
     RETURNING id`,
    [paymentId, ORPHAN_CAPTURE_REASON],
  );
  return r.rows[0]?.id;
}
