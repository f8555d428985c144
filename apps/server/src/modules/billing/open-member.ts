import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockAccount } from '../tokens/index.ts';

/**
 * The member a billing mail goes to, read under the lock an account deletion takes first (the
 * token account's): a deletion that came first has removed them (null: nothing is sent), and one
 * that comes after waits for this transaction and then forgets its queued mail with the rest.
 * Without it, a receipt rendered while the member deleted the account was queued afterwards,
 * to the deleted address.
 */
export async function openMember(tx: Queryable, userId: string): Promise<{ email: string; name: string } | null> {
  const open = await lockAccount(tx, userId).then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && err.status === 404) return false;
      throw err;
    },
  );
  if (!open) return null;
  return (await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [userId])).rows[0] ?? null;
}
