import { randomBytes } from 'node:crypto';
import { MSG } from '@assay/shared';
import type { Deps } from '../deps.ts';
import { issueDeviceCookie, readDeviceCookie } from '../lib/device-cookie.ts';
import { unauthorized } from '../lib/errors.ts';
import { dummyHash, type HashingLane, verifyPassword } from '../lib/passwords.ts';
import { assertUnderLimits, countHit, type FailureLimit } from '../lib/rate-limit.ts';
import { hmac } from '../lib/secrets.ts';
import { audit } from '../lib/audit.ts';

/** The operator a request was authenticated as (see requireOperator). */
export interface OperatorAuth {
  id: string;
  username: string;
}

type AuthDeps = Pick<Deps, 'db' | 'config'>;

/**
 * Checks an operator's username and password (decision 050).
 * - Unknown usernames are checked against a dummy hash, so timing does not reveal which exist.
 * - Only failures count, in `rate_limits` (shared by every server process), within
 *   OPERATOR_LOCKOUT_MINUTES. A browser holding this operator's device cookie has its own budget
 *   (TRUSTED_DEVICE_FAILURES) and nothing else holds it back; any other client counts against the
 *   username (OPERATOR_LOCKOUT_FAILURES) and its address (OPERATOR_FAILURES_PER_IP), and past
 *   either it is refused with 429, even with the right password. So strangers can slow guessing
 *   down but never lock the operator out of a browser she has signed in from.
 * Answers the operator and, when this browser is not yet trusted for it, a device cookie to set.
 */
export async function authenticateOperator(
  deps: AuthDeps,
  username: string,
  password: string,
  client: { ip: string; deviceCookie: string | undefined },
): Promise<{ operator: OperatorAuth; deviceCookie?: string }> {
  const { db, config } = deps;
  const name = username.trim().toLowerCase();
  const row =
    name && name.length <= 100
      ? (
          await db.query<{ id: string; username: string; password_hash: string }>(
            'SELECT id, username, password_hash FROM operators WHERE lower(username) = $1',
            [name],
          )
        ).rows[0]
      : undefined;
  const device = readDeviceCookie(config.JWT_SECRET, 'operator', client.deviceCookie);
  const trusted = device !== undefined && device.accountId === row?.id;
  const windowSeconds = config.OPERATOR_LOCKOUT_MINUTES * 60;
  const limits: FailureLimit[] = trusted
    ? [{ key: `operator:device:${device.id}`, limit: config.TRUSTED_DEVICE_FAILURES, windowSeconds }]
    : [
        { key: `operator:user:${name.slice(0, 100)}`, limit: config.OPERATOR_LOCKOUT_FAILURES, windowSeconds },
        { key: `operator:ip:${client.ip}`, limit: config.OPERATOR_FAILURES_PER_IP, windowSeconds },
      ];
  await assertUnderLimits(db, limits, MSG.adminLockedOut);

  // A browser trusted for this operator has its own lane in the hashing gate (decision 161).
  const ok = await verifyCached(
    password,
    row?.password_hash ?? (await dummyHash(config.PASSWORD_HASH_COST)),
    trusted ? 'trusted' : 'anonymous',
  );
  if (!row || !ok) {
    const locked = await countHit(db, limits);
    // A lock-out begins: recorded once per counter and window, so a flood writes a line, not a
    // line per guess. Made-up usernames lock only themselves and are not worth a line; an
    // address locked is, whatever names it tried.
    for (const l of locked) {
      const scope = l.key.startsWith('operator:ip:') ? 'address' : l.key.startsWith('operator:device:') ? 'browser' : 'username';
      if (scope === 'username' && !row) continue;
      await audit(db, null, 'operator.locked_out', row ? `operator:${row.id}` : null, {
        username: name.slice(0, 100),
        scope,
        ip: client.ip,
        minutes: config.OPERATOR_LOCKOUT_MINUTES,
      });
    }
    throw unauthorized(MSG.adminInvalidCredentials, 'invalid_admin_credentials');
  }
  // Failures that landed while this password was being checked still hold.
  await assertUnderLimits(db, limits, MSG.adminLockedOut);
  const operator = { id: row.id, username: row.username };
  noteRecent(row.username, password);
  return trusted ? { operator } : { operator, deviceCookie: issueDeviceCookie(config.JWT_SECRET, 'operator', row.id) };
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
/** Checks under way: calls arriving together with the same credentials (a panel's parallel reads when the minute runs out) share one. */
const verifying = new Map<string, Promise<boolean>>();

async function verifyCached(password: string, storedHash: string, lane: HashingLane): Promise<boolean> {
  const key = hmac(cacheKey, `${storedHash}\u0000${password}`);
  const now = Date.now();
  const until = verified.get(key);
  if (until !== undefined && until > now) return true;
  if (until !== undefined) verified.delete(key);
  let check = verifying.get(key);
  if (!check) {
    check = verifyPassword(password, storedHash, lane)
      .then((ok) => {
        if (ok) remember(verified, key);
        return ok;
      })
      .finally(() => verifying.delete(key));
    verifying.set(key, check);
  }
  return check;
}

/**
 * Whether these credentials signed an operator in within the last minute. A hint for scheduling
 * only (operator-guard.ts lets such a request queue before its check); it admits nobody.
 */
export function isRecentOperator(username: string, password: string): boolean {
  return (recent.get(recentKey(username, password)) ?? 0) > Date.now();
}

const recent = new Map<string, number>();
const recentKey = (username: string, password: string) => hmac(cacheKey, `${username.trim().toLowerCase()}\u0000${password}`);

function noteRecent(username: string, password: string) {
  remember(recent, recentKey(username, password));
}

/** Keeps a key for CACHE_TTL_MS, dropping the oldest beyond CACHE_MAX. */
function remember(cache: Map<string, number>, key: string) {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, Date.now() + CACHE_TTL_MS);
}
