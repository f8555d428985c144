import { SESSION } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { unauthorized } from '../../lib/errors.ts';
import { signAccessToken } from '../../lib/jwt.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { toUserView, type UserRow } from '../users/index.ts';

/**
 * Sessions: a short-lived JWT access token naming the session (lib/jwt.ts), and an opaque
 * refresh token stored hashed. A refresh token works once; using a spent one revokes the whole session,
 * unless it was spent moments ago (REUSE_GRACE_SECONDS, decision 170).
 */
export interface SessionMeta {
  remember: boolean;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export const refreshLifetimeDays = (remember: boolean) => (remember ? SESSION.refreshTokenDaysRemembered : SESSION.refreshTokenDaysSession);

async function issueRefreshToken(tx: Queryable, sessionId: string) {
  const token = randomToken();
  await tx.query('INSERT INTO refresh_tokens (token_hash, session_id) VALUES ($1, $2)', [sha256(token), sessionId]);
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
  const updated = await tx.query<{ last_login: Date }>('UPDATE users SET last_login = now() WHERE id = $1 RETURNING last_login', [user.id]);
  return {
    access_token: await signAccessToken(secret, user.id, sessionId),
    refresh_token: await issueRefreshToken(tx, sessionId),
    token_type: 'bearer' as const,
    expires_in: SESSION.accessTokenSeconds,
    user: toUserView({ ...user, last_login: updated.rows[0]!.last_login }),
    remember: meta.remember,
  };
}

/**
 * How long a spent refresh token still rotates instead of revoking its session (decision 170). The
 * browser that spent it may never have received the new one: a reload or a dropped connection while
 * the answer was on its way, or two tabs restoring the same cookie at once. Without this, each of
 * those signed the member out. A thief replaying a token later than this still revokes the session.
 */
export const REUSE_GRACE_SECONDS = 30;

/** Rotates a refresh token. Re-use of a spent token revokes its session family (after the grace above). */
export async function rotateRefreshToken(tx: Queryable, secret: string, token: string) {
  const r = await tx.query<{
    session_id: string;
    used_at: Date | null;
    user_id: string;
    remember: boolean;
    live: boolean;
    in_grace: boolean;
  }>(
    `SELECT t.session_id, t.used_at, s.user_id, s.remember,
            (s.revoked_at IS NULL AND s.expires_at > now()) AS live,
            coalesce(t.used_at > now() - make_interval(secs => $2), false) AS in_grace
       FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
      WHERE t.token_hash = $1
      FOR UPDATE OF t, s`,
    [sha256(token), REUSE_GRACE_SECONDS],
  );
  const row = r.rows[0];
  if (!row || !row.live) throw unauthorized('Your session has expired. Please sign in again.', 'session_expired');
  if (row.used_at && !row.in_grace) {
    await revokeSession(tx, row.session_id, 'refresh_token_reuse');
    return { reused: true as const };
  }
  // A token spent within the grace keeps its first spending time: the grace does not extend itself.
  if (!row.used_at) await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [sha256(token)]);
  // When the session was last used, for the session list (decision 190): a refresh per access token's life.
  await tx.query('UPDATE sessions SET last_active_at = now() WHERE id = $1', [row.session_id]);
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
  await db.query('UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, reason]);
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
