import { SESSION } from '@assay/shared';
import { SignJWT } from 'jose';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { unauthorized } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { toUserView, type UserRow } from '../users/index.ts';

/**
 * Sessions: a short-lived JWT access token naming the session, and an opaque refresh token
 * stored hashed. A refresh token works once; using a spent one revokes the whole session.
 */
const key = (secret: string) => new TextEncoder().encode(secret);
const ISSUER = 'assay';

export interface SessionMeta {
  remember: boolean;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export async function signAccessToken(secret: string, userId: string, sessionId: string) {
  return new SignJWT({ sid: sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${SESSION.accessTokenSeconds}s`)
    .sign(key(secret));
}

/**
 * Checks an HS256 JWT on the main thread. jose verifies through WebCrypto, which runs on
 * libuv's thread pool, where every member request would queue behind password hashes during a
 * sign-in flood; one HMAC of a few hundred bytes takes microseconds inline.
 * Accepts exactly what we sign: alg HS256, our issuer, an expiry in the future.
 */
function verifyJwt(secret: string, token: string): Record<string, unknown> {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || signature === undefined || rest.length) throw new Error('malformed token');
  const { alg, crit } = decodePart(header);
  if (alg !== 'HS256' || crit !== undefined) throw new Error('unexpected algorithm');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const actual = Buffer.from(signature, 'base64url');
  // Re-encoding refuses non-canonical spellings of the same signature bytes.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected) || actual.toString('base64url') !== signature) {
    throw new Error('bad signature');
  }
  const claims = decodePart(payload);
  const now = Math.floor(Date.now() / 1000);
  if (claims.iss !== ISSUER) throw new Error('wrong issuer');
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Error('expired');
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) throw new Error('not yet valid');
  return claims;
}

function decodePart(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('malformed token');
  return value as Record<string, unknown>;
}

export async function verifyAccessToken(secret: string, token: string) {
  try {
    const payload = verifyJwt(secret, token);
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || !payload.sub) throw new Error();
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    throw unauthorized();
  }
}

/** A short-lived, single-purpose token (e.g. finishing a Google profile). */
export async function signPurposeToken(secret: string, purpose: string, userId: string, minutes: number) {
  return new SignJWT({ typ: purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setExpirationTime(`${minutes}m`)
    .sign(key(secret));
}

export async function verifyPurposeToken(secret: string, purpose: string, token: string) {
  const payload = verifyJwt(secret, token);
  if (payload.typ !== purpose || typeof payload.sub !== 'string' || !payload.sub) throw new Error('wrong token purpose');
  return payload.sub;
}

export const refreshLifetimeDays = (remember: boolean) =>
  remember ? SESSION.refreshTokenDaysRemembered : SESSION.refreshTokenDaysSession;

async function issueRefreshToken(tx: Queryable, sessionId: string) {
  const token = randomToken();
  await tx.query('INSERT INTO refresh_tokens (token_hash, session_id) VALUES ($1, $2)', [
    sha256(token),
    sessionId,
  ]);
  return token;
}

/** Opens a session for a signed-in user and records the sign-in. */
export async function openSession(tx: Queryable, secret: string, user: UserRow, meta: SessionMeta) {
  const s = await tx.query<{ id: string }>(
    `INSERT INTO sessions (user_id, remember, expires_at, ip, user_agent)
     VALUES ($1, $2, now() + make_interval(days => $3), $4, $5) RETURNING id`,
    [user.id, meta.remember, refreshLifetimeDays(meta.remember), meta.ip ?? null, meta.userAgent?.slice(0, 300) ?? null],
  );
  const sessionId = s.rows[0]!.id;
  const updated = await tx.query<{ last_login: Date }>(
    'UPDATE users SET last_login = now() WHERE id = $1 RETURNING last_login',
    [user.id],
  );
  return {
    access_token: await signAccessToken(secret, user.id, sessionId),
    refresh_token: await issueRefreshToken(tx, sessionId),
    token_type: 'bearer' as const,
    expires_in: SESSION.accessTokenSeconds,
    user: toUserView({ ...user, last_login: updated.rows[0]!.last_login }),
    remember: meta.remember,
  };
}

/** Rotates a refresh token. Re-use of a spent token revokes its session family. */
export async function rotateRefreshToken(tx: Queryable, secret: string, token: string) {
  const r = await tx.query<{
    session_id: string;
    used_at: Date | null;
    user_id: string;
    remember: boolean;
    live: boolean;
  }>(
    `SELECT t.session_id, t.used_at, s.user_id, s.remember,
            (s.revoked_at IS NULL AND s.expires_at > now()) AS live
       FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
      WHERE t.token_hash = $1
      FOR UPDATE OF t, s`,
    [sha256(token)],
  );
  const row = r.rows[0];
  if (!row || !row.live) throw unauthorized('Your session has expired. Please sign in again.', 'session_expired');
  if (row.used_at) {
    await revokeSession(tx, row.session_id, 'refresh_token_reuse');
    return { reused: true as const };
  }
  await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [sha256(token)]);
  return {
    reused: false as const,
    remember: row.remember,
    access_token: await signAccessToken(secret, row.user_id, row.session_id),
    refresh_token: await issueRefreshToken(tx, row.session_id),
    token_type: 'bearer' as const,
    expires_in: SESSION.accessTokenSeconds,
  };
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string) {
  await db.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, reason],
  );
}

export async function revokeSessionByRefreshToken(db: Queryable, token: string, reason: string) {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
      WHERE revoked_at IS NULL AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1)`,
    [sha256(token), reason],
  );
}

export async function revokeUserSessions(db: Queryable, userId: string, reason: string, exceptSessionId?: string) {
  await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [userId, reason, exceptSessionId ?? null],
  );
}

export async function isSessionLive(db: Queryable, sessionId: string, userId: string) {
  const r = await db.query(
    'SELECT 1 FROM sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()',
    [sessionId, userId],
  );
  return r.rows.length > 0;
}
