import { OTP, SECOND_FACTOR_METHODS } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { SessionMeta } from './session-tokens.ts';

/**
 * The step between a right password (or Google) and a session for an account with a second
 * factor (decision 190): an opaque token, good for OTP.ttlMinutes and OTP.maxAttempts codes,
 * stored hashed. It names the sign-in, not a session, so it opens nothing by itself.
 */
export async function openChallenge(db: Queryable, userId: string, meta: SessionMeta) {
  const token = randomToken(24);
  await db.query('DELETE FROM sign_in_challenges WHERE user_id = $1 AND expires_at <= now()', [userId]);
  await db.query(
    `INSERT INTO sign_in_challenges (token_hash, user_id, remember, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [sha256(token), userId, meta.remember, meta.ip ?? null, meta.userAgent?.slice(0, 300) ?? null, OTP.ttlMinutes],
  );
  // A passkey is offered at the code step only to an account that has one (decision 193).
  const passkeys = await db.query('SELECT 1 FROM passkeys WHERE user_id = $1 LIMIT 1', [userId]);
  const methods = SECOND_FACTOR_METHODS.filter((m) => m !== 'passkey' || passkeys.rows.length > 0);
  return { second_factor_required: true as const, challenge: token, methods };
}
