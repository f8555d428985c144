import { randomBytes } from 'node:crypto';
import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/passwords.ts';
import { hmac } from '../../lib/secrets.ts';
import type { OperatorAuth } from './operator-auth.ts';

type AuthDeps = Pick<Deps, 'db' | 'config'>;

/**
 * Checks an operator's username and password.
 * - Unknown usernames are checked against a dummy hash, so timing does not reveal which exist.
 * - Failures are counted per username and per client address in the database (shared by every
 *   server process); at the threshold the key is locked for OPERATOR_LOCKOUT_MINUTES, during
 *   which even the right password is refused with 429.
 */
export async function authenticateOperator(
  deps: AuthDeps,
  username: string,
  password: string,
  ip: string,
): Promise<OperatorAuth> {
  const { db, config } = deps;
  const name = username.trim().toLowerCase();
  const userKey = `user:${name.slice(0, 100)}`;
  const ipKey = `ip:${ip}`;

  const counters = await db.query<{ key: string; failures: number; locked_for: number | null }>(
    `SELECT key, failures,
            CASE WHEN locked_until > now() THEN CEIL(EXTRACT(EPOCH FROM (locked_until - now())))::int END AS locked_for
       FROM operator_login_failures WHERE key IN ($1, $2)`,
    [userKey, ipKey],
  );
  const lockedFor = Math.max(0, ...counters.rows.map((c) => c.locked_for ?? 0));
  if (lockedFor > 0) {
    throw new AppError(429, MSG.adminLockedOut, 'locked_out', { 'retry-after': String(lockedFor) });
  }

  const row = name && name.length <= 100
    ? (await db.query<{ id: string; username: string; password_hash: string }>(
        'SELECT id, username, password_hash FROM operators WHERE lower(username) = $1',
        [name],
      )).rows[0]
    : undefined;
  const ok = await verifyCached(password, row?.password_hash ?? (await dummyHash(config.PASSWORD_HASH_COST)));
  if (!row || !ok) {
    await recordFailure(db, userKey, config.OPERATOR_LOCKOUT_FAILURES, config.OPERATOR_LOCKOUT_MINUTES);
    await recordFailure(db, ipKey, config.OPERATOR_FAILURES_PER_IP, config.OPERATOR_LOCKOUT_MINUTES);
    throw unauthorized(MSG.adminInvalidCredentials, 'invalid_admin_credentials');
  }
  if (counters.rows.some((c) => c.key === userKey && c.failures > 0)) {
    await db.query('DELETE FROM operator_login_failures WHERE key = $1', [userKey]);
  }
  return { id: row.id, username: row.username };
}

/** Counts one failure in the key's window and locks the key when the count reaches the threshold. */
async function recordFailure(db: Queryable, key: string, threshold: number, minutes: number) {
  await db.query(
    `INSERT INTO operator_login_failures AS f (key, failures, window_start, locked_until)
     VALUES ($1, 1, now(), CASE WHEN $2::int <= 1 THEN now() + make_interval(mins => $3::int) END)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.window_start <= now() - make_interval(mins => $3::int) THEN 1 ELSE f.failures + 1 END,
       window_start = CASE WHEN f.window_start <= now() - make_interval(mins => $3::int) THEN now() ELSE f.window_start END,
       locked_until = CASE
         WHEN (CASE WHEN f.window_start <= now() - make_interval(mins => $3::int) THEN 1 ELSE f.failures + 1 END) >= $2::int
         THEN now() + make_interval(mins => $3::int)
         ELSE f.locked_until END`,
    [key, threshold, minutes],
  );
}

/**
 * Basic auth sends the password with every request, and scrypt is deliberately slow and
 * memory-hungry. A verified (password, stored hash) pair is remembered for a minute, keyed by
 * an HMAC under a per-process random key. The stored hash is part of the key, so a password
 * change takes effect at once; nothing here decides anything the database has not.
 */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 100;
const cacheKey = randomBytes(32).toString('hex');
const verified = new Map<string, number>();

async function verifyCached(password: string, storedHash: string): Promise<boolean> {
  const key = hmac(cacheKey, `${storedHash}\u0000${password}`);
  const now = Date.now();
  const until = verified.get(key);
  if (until !== undefined && until > now) return true;
  if (until !== undefined) verified.delete(key);
  const ok = await verifyPassword(password, storedHash);
  if (ok) {
    if (verified.size >= CACHE_MAX) verified.delete(verified.keys().next().value!);
    verified.set(key, now + CACHE_TTL_MS);
  }
  return ok;
}
