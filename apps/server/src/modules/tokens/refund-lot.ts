import type { Queryable } from '../../db/client.ts';
import { lockAnyAccount } from './ledger.ts';

export type RefundLotOutcome =
  | { status: 'refunded'; lotId: string; tokens: number }
  | { status: 'tokens_used'; remaining: number; tokens: number }
  | { status: 'no_lot' };

/** The purchase lot of a payment and what is left of it (no lock: for checks before asking). */
export async function purchaseLotOf(q: Queryable, paymentId: string) {
  const r = await q.query<{ id: string; user_id: string; tokens: number; remaining: number; refund_pending: boolean }>(
    'SELECT id, user_id, tokens, remaining, refund_pending FROM token_lots WHERE payment_id = $1',
    [paymentId],
  );
  return r.rows[0];
}

/**
 * A refunded package's tokens leave the ledger: one 'refund' entry of the lot's whole size,
 * only while none of them was used (remaining = tokens). Call in the approval's transaction,
 * after the request is marked approved; the account lock serialises it with spending. The
 * lot's account is locked even when its member has since deleted the account: a request made
 * before the deletion is still decided (docs/decisions/165-pending-refunds-hold-their-lot.md).
 * The database refuses a second refund of a lot and any refund of a partly used one
 * (migration 135), so this is safe even if a caller's checks were wrong.
 */
export async function refundLot(tx: Queryable, paymentId: string, note: string): Promise<RefundLotOutcome> {
  const found = await purchaseLotOf(tx, paymentId);
  if (!found) return { status: 'no_lot' };
  await lockAnyAccount(tx, found.user_id);
  const lot = (await purchaseLotOf(tx, paymentId))!;
  if (lot.remaining !== lot.tokens) return { status: 'tokens_used', remaining: lot.remaining, tokens: lot.tokens };
  await tx.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount, note) VALUES ($1, $2, 'refund', $3, $4)`, [
    lot.user_id,
    lot.id,
    -lot.tokens,
    note,
  ]);
  return { status: 'refunded', lotId: lot.id, tokens: lot.tokens };
}

/**
 * A refund request made before its member deleted the account was declined: the package's
 * tokens, held for the decision and not forfeited with the rest, are forfeited now (the account
 * is closed; nobody can spend them). Call after the request left 'requested' (which ends the
 * hold). Answers the tokens forfeited; a lot of a live account is left alone.
 */
export async function forfeitHeldLot(tx: Queryable, paymentId: string): Promise<number> {
  const found = await purchaseLotOf(tx, paymentId);
  if (!found) return 0;
  await lockAnyAccount(tx, found.user_id);
  const closed = await tx.query('SELECT 1 FROM token_accounts WHERE user_id = $1 AND closed_at IS NOT NULL', [found.user_id]);
  const lot = (await purchaseLotOf(tx, paymentId))!;
  if (!closed.rows.length || lot.remaining === 0 || lot.refund_pending) return 0;
  await tx.query(
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, note) VALUES ($1, $2, 'forfeit', $3, 'Account deleted; refund declined')`,
    [lot.user_id, lot.id, -lot.remaining],
  );
  return lot.remaining;
}
