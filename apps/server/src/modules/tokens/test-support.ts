import type { Queryable } from '../../db/client.ts';
import { uniqueEmail } from '../../../test/members.ts';

/** Helpers for token ledger tests. */

/** A user row straight in the database (its token account is created with it). */
export async function insertUser(db: Queryable, email = uniqueEmail('ledger')): Promise<string> {
  const r = await db.query<{ id: string }>(
    `INSERT INTO users (name, email, password_hash, is_verified) VALUES ('Ledger Tester', $1, 'scrypt$test', true) RETURNING id`,
    [email],
  );
  return r.rows[0]!.id;
}

/** Sum of every ledger entry of a user (every token that ever entered or left). */
export async function ledgerSum(db: Queryable, userId: string): Promise<number> {
  const r = await db.query<{ n: number }>('SELECT coalesce(sum(amount), 0)::int8 AS n FROM token_ledger WHERE user_id = $1', [userId]);
  return r.rows[0]!.n;
}
