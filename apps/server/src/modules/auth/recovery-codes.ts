import type { Queryable } from '../../db/client.ts';
import { hmac } from '../../lib/secrets.ts';
import { randomInt } from 'node:crypto';

/**
 * Ten one-time recovery codes, for a lost phone. Each is 12 characters of a 31-letter alphabet
 * (59 bits): not guessable within any rate limit, which is why a recovery code is checked under
 * the address's limit only, like the link in a code mail (decision 160, 190). Stored as HMACs.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read off paper

const codeHash = (serverSecret: string, userId: string, code: string) => hmac(serverSecret, `recovery:${userId}:${code}`);

/** Members' and experts' (decision 235) codes live in tables of the same shape; operators have none (decision 191). */
export type RecoveryCodeOwner = 'member' | 'expert';
const TABLE = {
  member: { table: 'recovery_codes', id: 'user_id' },
  expert: { table: 'expert_recovery_codes', id: 'expert_id' },
} as const;

/** Replaces the account's recovery codes with ten new ones; answers them (shown once). */
export async function replaceRecoveryCodes(
  tx: Queryable,
  serverSecret: string,
  userId: string,
  owner: RecoveryCodeOwner = 'member',
): Promise<string[]> {
  const { table, id } = TABLE[owner];
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  await tx.query(`DELETE FROM ${table} WHERE ${id} = $1`, [userId]);
  await tx.query(`INSERT INTO ${table} (${id}, code_hash) SELECT $1, unnest($2::text[])`, [
    userId,
    codes.map((c) => codeHash(serverSecret, userId, c)),
  ]);
  return codes.map((c) => `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}`);
}

/** Spends a recovery code (normalised: lower case, no dashes); false if it is unknown or spent. */
export async function useRecoveryCode(
  db: Queryable,
  serverSecret: string,
  userId: string,
  code: string,
  owner: RecoveryCodeOwner = 'member',
): Promise<boolean> {
  if (!/^[a-z0-9]{12}$/.test(code)) return false;
  const { table, id } = TABLE[owner];
  const r = await db.query(`UPDATE ${table} SET used_at = now() WHERE ${id} = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`, [
    userId,
    codeHash(serverSecret, userId, code),
  ]);
  return r.rows.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, userId: string, owner: RecoveryCodeOwner = 'member'): Promise<number> {
  const { table, id } = TABLE[owner];
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${id} = $1 AND used_at IS NULL`, [userId]);
  return r.rows[0]?.n ?? 0;
}
