import type { Queryable } from '../../db/client.ts';
import { grantSignupBonus } from '../tokens/index.ts';

/**
 * Runs once, in the same transaction, when an account first becomes usable: email verified,
 * or first Google sign-in. The token ledger's signup bonus is granted from here.
 */
export async function accountActivated(tx: Queryable, userId: string): Promise<void> {
  await grantSignupBonus(tx, userId);
}
