import { TOKEN_ADJUSTMENT_MESSAGES, type TokenAdjustment } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../operators/index.ts';
import { adjustTokens, getBalance } from '../tokens/index.ts';

/**
 * An operator's manual grant (amount > 0, a new promotional lot) or deduction (amount < 0, from
 * the lots expiring first), with the reason the member reads in their token history. The ledger
 * entries and the audit log row commit together or not at all. A deduction beyond the balance
 * is refused with what the member has (422), and nothing is written.
 */
export async function adjustMemberTokens(db: Db, operator: OperatorAuth, userId: string, input: TokenAdjustment) {
  return db.transaction(async (tx) => {
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
    return { amount: input.amount, reason: input.reason, available_tokens };
  });
}
