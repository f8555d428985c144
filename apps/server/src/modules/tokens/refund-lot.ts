import type { Queryable } from '../../db/client.ts';
import { lockAccount } from './ledger.ts';

export type RefundLotOutcome =
  | { status: 'refunded'; lotId: string; tokens: number }
  | { status: 'tokens_used'; remaining: number; tokens: number }
  | { status: 'no_lot' };

/** The purchase lot of a payment and what is left of it (no lock: for checks before asking). */
export async function purchaseLotOf(q: Queryable, paymentId: string) {
  const r = await q.query<{ id: string; user_id: string; tokens: number; remaining: number }>(
    'SELECT id, user_id, tokens, remaining FROM token_lots WHERE payment_id = $1', [paymentId],
  );
  return r.rows[0];
}

/**
 * A refunded package's tokens leave the ledger: one 'refund' entry of the lot's whole size,
 * only while none of them was used (remaining = tokens). Call in the approval's transaction,
 * after the request is marked approved; the account lock serialises it with spending. The
 * database refuses a second refund of a lot and any refund of a partly used one
 * (migration 135), so this is safe even if a caller's checks were wrong.
 */
export async function refundLot(tx: Queryable, userId: string, paymentId: string, note: string): Promise<RefundLotOutcome> {
  await lockAccount(tx, userId);
  const lot = await purchaseLotOf(tx, paymentId);
  if (!lot || lot.user_id !== userId) return { status: 'no_lot' };
  if (lot.remaining !== lot.tokens) return { status: 'tokens_used', remaining: lot.remaining, tokens: lot.tokens };
  await tx.query(
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, note) VALUES ($1, $2, 'refund', $3, $4)`,
    [userId, lot.id, -lot.tokens, note],
  );
  return { status: 'refunded', lotId: lot.id, tokens: lot.tokens };
}
