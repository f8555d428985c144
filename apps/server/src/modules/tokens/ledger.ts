import { isUuid } from '../../lib/sql.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/**
 * Ledger primitives shared by the use cases of this module. Every balance change:
 *   1. locks the member's token_accounts row (serialises parallel debits and credits),
 *   2. appends token_ledger entries; the ledger trigger moves the lot's remaining tokens,
 *      and the lot's CHECK (remaining >= 0) refuses any overdraft the code might attempt.
 */

export type LotKind = 'paid' | 'promo';
export type LotSource = 'purchase' | 'signup_bonus' | 'adjustment';
export type EntryKind = 'grant' | 'purchase' | 'hold' | 'release' | 'expiry' | 'adjust_credit' | 'adjust_debit' | 'forfeit' | 'refund';

export function assertTokenAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new AppError(400, 'A token amount must be a positive whole number', 'invalid_token_amount');
  }
}

/**
 * Locks a token account whether or not its member still exists: a refund decided after the
 * account was deleted still moves that lot (docs/decisions/165-pending-refunds-hold-their-lot.md).
 */
export async function lockAnyAccount(tx: Queryable, userId: string): Promise<void> {
  await tx.query('SELECT user_id FROM token_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
}

/** Locks the member's account; a closed one (its member deleted the account) is not found. */
export async function lockAccount(tx: Queryable, userId: string): Promise<void> {
  const r = isUuid(userId)
    ? await tx.query('SELECT user_id FROM token_accounts WHERE user_id = $1 AND closed_at IS NULL FOR UPDATE', [userId])
    : { rows: [] };
  if (!r.rows.length) throw notFound('Token account not found', 'token_account_not_found');
}

/**
 * Unexpired tokens left in the member's lots that may be spent: holds have already been taken
 * out, and a package whose refund is pending is held whole for the decision (migration 165).
 */
export async function availableTokens(q: Queryable, userId: string): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT coalesce(sum(remaining), 0)::int8 AS n FROM token_lots WHERE user_id = $1 AND expires_at > now() AND NOT refund_pending',
    [userId],
  );
  return r.rows[0]!.n;
}

/** A new lot, credited by its one ledger entry. Call with the account locked. */
export async function addLot(
  tx: Queryable,
  lot: {
    userId: string;
    kind: LotKind;
    source: LotSource;
    tokens: number;
    validityDays: number;
    entryKind: Extract<EntryKind, 'grant' | 'purchase' | 'adjust_credit'>;
    paymentId?: string;
    note?: string;
  },
): Promise<{ lotId: string; expiresAt: Date }> {
  assertTokenAmount(lot.tokens);
  const r = await tx.query<{ id: string; expires_at: Date }>(
    `INSERT INTO token_lots (user_id, kind, source, tokens, expires_at, payment_id)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5), $6) RETURNING id, expires_at`,
    [lot.userId, lot.kind, lot.source, lot.tokens, lot.validityDays, lot.paymentId ?? null],
  );
  const { id, expires_at } = r.rows[0]!;
  await tx.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount, payment_id, note) VALUES ($1, $2, $3, $4, $5, $6)`, [
    lot.userId,
    id,
    lot.entryKind,
    lot.tokens,
    lot.paymentId ?? null,
    lot.note ?? null,
  ]);
  return { lotId: id, expiresAt: expires_at };
}

/**
 * Takes `amount` tokens out of the member's live lots, those expiring first first (promotional
 * before paid on the same expiry, so refundable paid tokens last longest). Call with the
 * account locked, after checking the amount is available.
 */
export async function takeFromLots(
  tx: Queryable,
  userId: string,
  amount: number,
  entry: { kind: Extract<EntryKind, 'hold' | 'adjust_debit'>; holdId?: string; note?: string },
): Promise<void> {
  const lots = await tx.query<{ id: string; remaining: number }>(
    `SELECT id, remaining FROM token_lots
      WHERE user_id = $1 AND remaining > 0 AND expires_at > now() AND NOT refund_pending
      ORDER BY expires_at, (kind = 'promo') DESC, created_at, id`,
    [userId],
  );
  let left = amount;
  for (const lot of lots.rows) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    await tx.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount, hold_id, note) VALUES ($1, $2, $3, $4, $5, $6)`, [
      userId,
      lot.id,
      entry.kind,
      -take,
      entry.holdId ?? null,
      entry.note ?? null,
    ]);
    left -= take;
  }
  // The caller checked the balance under the lock; reaching this is a bug, never an overdraft.
  if (left > 0) throw new Error(`ledger: ${left} of ${amount} tokens could not be taken for ${userId}`);
}
