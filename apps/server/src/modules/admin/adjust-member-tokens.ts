import { TOKEN_ADJUSTMENT_MESSAGES, type TokenAdjustment, type TokenAdjustmentView } from '@assay/shared';
import type { Db, Queryable } from '../../db/client.ts';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../operators/index.ts';
import { adjustTokens, getBalance } from '../tokens/index.ts';

/**
 * An operator's manual grant (amount > 0, a new promotional lot) or deduction (amount < 0, from
 * the lots expiring first), with the reason the member reads in their token history. The ledger
 * entries and the audit log row commit together or not at all. A deduction beyond the balance
 * is refused with what the member has (422), and nothing is written.
 * With an Idempotency-Key, the same request sent again (an answer lost on the way) is made once:
 * the repeat answers what the first did (`created: false`); the key with another amount or reason
 * is a 422 (decision 138).
 */
export async function adjustMemberTokens(
  db: Db,
  operator: OperatorAuth,
  userId: string,
  input: TokenAdjustment,
  idempotencyKey?: string,
): Promise<{ adjustment: TokenAdjustmentView; created: boolean }> {
  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      const prior = await claimKey(tx, userId, idempotencyKey, input);
      if (prior) return { adjustment: prior, created: false };
    }
    try {
      await adjustTokens(tx, { userId, amount: input.amount, note: input.reason });
    } catch (err) {
      if (err instanceof AppError && err.code === 'insufficient_tokens') {
        const { available_tokens } = await getBalance(tx, userId);
        throw new AppError(422, TOKEN_ADJUSTMENT_MESSAGES.overDeduction(-input.amount, available_tokens), 'insufficient_tokens');
      }
      throw err;
    }
    const { available_tokens } = await getBalance(tx, userId);
    await audit(tx, operator, input.amount > 0 ? 'member.tokens_granted' : 'member.tokens_deducted', userId, {
      amount: input.amount,
      reason: input.reason,
      available_after: available_tokens,
    });
    if (idempotencyKey) {
      await tx.query('UPDATE token_adjustment_keys SET available_after = $3 WHERE user_id = $1 AND idempotency_key = $2', [
        userId,
        idempotencyKey,
        available_tokens,
      ]);
    }
    return { adjustment: { amount: input.amount, reason: input.reason, available_tokens }, created: true };
  });
}

/**
 * Claims the key for this adjustment, or returns the first answer given with it. A claim made
 * by a transaction still running holds this insert until that one ends (the primary key).
 */
async function claimKey(tx: Queryable, userId: string, key: string, input: TokenAdjustment): Promise<TokenAdjustmentView | undefined> {
  const claimed = await tx.query(
    `INSERT INTO token_adjustment_keys (user_id, idempotency_key, amount, reason) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [userId, key, input.amount, input.reason],
  );
  if (claimed.rows.length) return undefined;
  const { rows } = await tx.query<{ amount: number; reason: string; available_after: number }>(
    'SELECT amount, reason, available_after FROM token_adjustment_keys WHERE user_id = $1 AND idempotency_key = $2',
    [userId, key],
  );
  const prior = rows[0]!;
  if (prior.amount !== input.amount || prior.reason !== input.reason) {
    throw new AppError(422, TOKEN_ADJUSTMENT_MESSAGES.keyReused, 'idempotency_key_reused');
  }
  return { amount: prior.amount, reason: prior.reason, available_tokens: prior.available_after };
}
