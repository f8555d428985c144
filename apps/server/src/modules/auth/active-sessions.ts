import { MSG, type ActiveSession } from '@assay/shared';
import Bowser from 'bowser';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { revokeUserSessions } from './session-tokens.ts';

/**
 * Profile → Security: the member's live sessions and ending them (decision 190). The device and
 * browser are read from the user agent stored at sign-in (bowser); the place is the address
 * itself, since no local address database ships with us. Another member's session is a 404.
 */
export function describeUserAgent(userAgent: string | null): Pick<ActiveSession, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system', device: 'other' };
  const ua = Bowser.parse(userAgent);
  const type = ua.platform.type;
  return {
    browser: [ua.browser.name, ua.browser.version?.split('.')[0]].filter(Boolean).join(' ') || 'Unknown browser',
    os: [ua.os.name, ua.os.versionName ?? ua.os.version].filter(Boolean).join(' ') || 'Unknown system',
    device: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other',
  };
}

export async function listSessions(deps: Deps, auth: { userId: string; sessionId: string }) {
  const r = await deps.db.query<{ id: string; ip: string | null; user_agent: string | null; created_at: Date; last_active_at: Date }>(
    `SELECT id, ip, user_agent, created_at, coalesce(last_active_at, created_at) AS last_active_at
       FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY (id = $2) DESC, coalesce(last_active_at, created_at) DESC
      LIMIT 100`,
    [auth.userId, auth.sessionId],
  );
  return {
    sessions: r.rows.map((s) => ({
      id: s.id,
      ...describeUserAgent(s.user_agent),
      ip: s.ip,
      created_at: s.created_at.toISOString(),
      last_active_at: s.last_active_at.toISOString(),
      current: s.id === auth.sessionId,
    })),
  };
}

/** Ends one of the member's sessions: its access and refresh tokens stop working at once. */
export async function endSession(deps: Deps, auth: { userId: string }, sessionId: string) {
  const r = isUuid(sessionId)
    ? await deps.db.query(
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'signed_out_by_member'
          WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING 1`,
        [sessionId, auth.userId],
      )
    : { rows: [] };
  if (!r.rows.length) throw notFound(MSG.sessionNotFound, 'session_not_found');
  return { message: MSG.sessionRevoked };
}

export async function endOtherSessions(deps: Deps, auth: { userId: string; sessionId: string }) {
  await revokeUserSessions(deps.db, auth.userId, 'signed_out_everywhere', auth.sessionId);
  return { message: MSG.otherSessionsRevoked };
}
