import { insufficientTokensDetail } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { addLot, availableTokens, lockAccount, takeFromLots } from './ledger.ts';
import { readLedgerSettings } from './settings.ts';

/**
 * An operator's correction, recorded as ledger entries like everything else: a positive
 * amount is a new lot (promotional unless said otherwise), a negative one is taken from the
 * lots expiring first. A note saying why is required.
 */
export async function adjustTokens(
  tx: Queryable,
  input: { userId: string; amount: number; note: string; kind?: 'paid' | 'promo'; validityDays?: number },
): Promise<void> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
    throw new AppError(400, 'An adjustment must be a non-zero whole number of tokens', 'invalid_token_amount');
  }
  if (!input.note.trim()) throw new AppError(400, 'An adjustment needs a note saying why', 'note_required');
  await lockAccount(tx, input.userId);
  if (input.amount > 0) {
    await addLot(tx, {
      userId: input.userId,
      kind: input.kind ?? 'promo',
      source: 'adjustment',
      tokens: input.amount,
      validityDays: input.validityDays ?? (await readLedgerSettings(tx)).validityDays,
      entryKind: 'adjust_credit',
      note: input.note,
    });
    return;
  }
  const amount = -input.amount;
  const available = await availableTokens(tx, input.userId);
  if (available < amount) throw forbidden(insufficientTokensDetail(amount, available), 'insufficient_tokens');
  await takeFromLots(tx, input.userId, amount, { kind: 'adjust_debit', note: input.note });
}
