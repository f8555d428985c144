import type { Queryable } from '../../db/client.ts';
import { addLot, lockAccount } from './ledger.ts';

/**
 * Credits a paid order's tokens as a new paid lot. The unique keys on the lot's payment and
 * on the ledger's purchase entry make a second credit for the same payment impossible; the
 * payments module calls this once, under its lock on the payment row.
 */
export async function creditPurchase(
  tx: Queryable,
  input: { userId: string; paymentId: string; tokens: number; validityDays: number },
): Promise<{ lotId: string; expiresAt: Date }> {
  await lockAccount(tx, input.userId);
  return addLot(tx, {
    userId: input.userId,
    kind: 'paid',
    source: 'purchase',
    tokens: input.tokens,
    validityDays: input.validityDays,
    entryKind: 'purchase',
    paymentId: input.paymentId,
  });
}
