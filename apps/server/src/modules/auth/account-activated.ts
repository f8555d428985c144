import type { Queryable } from '../../db/client.ts';

/**
 * Runs once, in the same transaction, when an account first becomes usable: email verified,
 * or first Google sign-in. The token ledger's signup bonus is granted from here.
 */
export async function accountActivated(_tx: Queryable, _userId: string): Promise<void> {
  // Seam for the signup bonus (tokens module).
}
