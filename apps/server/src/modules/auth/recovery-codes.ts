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

/** Replaces the account's recovery codes with ten new ones; answers them (shown once). */
export async function replaceRecoveryCodes(tx: Queryable, serverSecret: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  await tx.query(
    'INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])',
    [userId, codes.map((c) => codeHash(serverSecret, userId, c))],
  );
  return codes.map((c) => `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}`);
}

/** Spends a recovery code (normalised: lower case, no dashes); false if it is unknown or spent. */
export async function useRecoveryCode(db: Queryable, serverSecret: string, userId: string, code: string): Promise<boolean> {
  if (!/^[a-z0-9]{12}$/.test(code)) return false;
  const r = await db.query(
    'UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1',
    [userId, codeHash(serverSecret, userId, code)],
  );
  return r.rows.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return r.rows[0]?.n ?? 0;
}
