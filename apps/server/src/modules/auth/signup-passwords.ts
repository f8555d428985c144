import type { Queryable } from '../../db/client.ts';
import { verifyPassword } from '../../lib/passwords.ts';

/** Competing sign-up passwords kept per unverified account: the newest few (the CHECK in migration 044). */
const MAX_COMPETING = 5;

/**
 * The passwords typed at sign-up for an unverified account: the stored one and those of later
 * sign-ups that differ from it. More than one and the account is contested (decision 050).
 */
export async function signupPasswords(db: Queryable, userId: string) {
  const r = await db.query<{ password_hash: string | null; signup_password_hashes: string[] }>(
    'SELECT password_hash, signup_password_hashes FROM users WHERE id = $1',
    [userId],
  );
  const row = r.rows[0];
  return { stored: row?.password_hash ?? null, competing: row?.signup_password_hashes ?? [] };
}

/** The first of the hashes the password matches (one full hash each, so there are few). */
export async function matchingHash(password: string, hashes: ReadonlyArray<string | null>) {
  for (const hash of hashes) if (hash && (await verifyPassword(password, hash))) return hash;
  return undefined;
}

/**
 * A sign-up for an unverified account with a password other than every one typed so far: keeps
 * its hash as a competing candidate, dropping the oldest past MAX_COMPETING. False when the
 * account was verified meanwhile.
 */
export async function rememberCompetingPassword(db: Queryable, userId: string, password: string, hash: string) {
  const known = await signupPasswords(db, userId);
  if (await matchingHash(password, [known.stored, ...known.competing])) return true;
  const r = await db.query(
    `UPDATE users
        SET signup_password_hashes =
          (array_append(signup_password_hashes, $2))[greatest(1, cardinality(signup_password_hashes) + 2 - $3):]
      WHERE id = $1 AND NOT is_verified RETURNING 1`,
    [userId, hash, MAX_COMPETING],
  );
  return r.rows.length > 0;
}
