import { insufficientTokensDetail } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { assertTokenAmount, availableTokens, lockAccount, takeFromLots } from './ledger.ts';

/**
 * Reserves a report's cost: the tokens leave the member's lots at once (so they cannot be
 * spent twice) and wait in a hold until captureHold or releaseHold. Runs in the caller's
 * transaction. One hold per report and charge (`generate` unless said: a retry, an upgrade or a
 * rewritten section is a charge of its own, decision 220): calling again for the same report and
 * charge returns the same hold. `purpose` is what the member reads in the token history.
 * Throws 403 with the insufficient-tokens detail (docs/product.md §8) when the balance is short.
 */
export async function placeHold(
  tx: Queryable,
  input: { userId: string; amount: number; reportId: string; charge?: string; purpose?: string },
): Promise<string> {
  assertTokenAmount(input.amount);
  await lockAccount(tx, input.userId);
  const charge = input.charge ?? 'generate';

  const existing = await tx.query<{ id: string; user_id: string; amount: number }>(
    'SELECT id, user_id, amount FROM token_holds WHERE report_id = $1 AND charge = $2',
    [input.reportId, charge],
  );
  const prior = existing.rows[0];
  if (prior) {
    if (prior.user_id === input.userId && prior.amount === input.amount) return prior.id;
    throw conflict('This report already has a different token charge', 'hold_conflict');
  }

  const available = await availableTokens(tx, input.userId);
  if (available < input.amount) {
    throw forbidden(insufficientTokensDetail(input.amount, available), 'insufficient_tokens');
  }
  const hold = await tx.query<{ id: string }>(
    'INSERT INTO token_holds (user_id, report_id, amount, charge, purpose) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [input.userId, input.reportId, input.amount, charge, input.purpose ?? null],
  );
  const holdId = hold.rows[0]!.id;
  await takeFromLots(tx, input.userId, input.amount, { kind: 'hold', holdId });
  return holdId;
}
