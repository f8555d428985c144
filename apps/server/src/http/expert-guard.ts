import { EXPERT_ACCESS_MESSAGES, EXPERT_MESSAGES } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { sha256 } from '../lib/secrets.ts';

/**
 * The expert portal's session (decision 230): an opaque token in an httpOnly, SameSite=Strict
 * cookie whose path is /api/expert, so a browser never sends it to a member or operator endpoint,
 * and those guards never read it. A member's bearer token or an operator's basic credentials are
 * no expert credential either: each role has its own guard and its own table.
 */
export const EXPERT_SESSION_COOKIE = 'assay_expert';
export const EXPERT_COOKIE_PATH = '/api/expert';
export const EXPERT_SESSION_HOURS = 12;

/** The expert a request was authenticated as (see requireExpert). */
export interface ExpertAuth {
  id: string;
  name: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    expert: ExpertAuth | null;
  }
}

/**
 * What an expert reaches before adding an authenticator app when EXPERT_REQUIRE_2FA asks for one
 * (decision 235): who they are, signing out, and adding the app. Nothing of a member's.
 */
const BEFORE_ENROLMENT: ReadonlySet<string> = new Set([
  '/expert/me',
  '/expert/logout',
  '/expert/security',
  '/expert/totp/setup',
  '/expert/totp/enable',
]);
/** What an expert reaches before accepting the confidentiality undertaking (their own second factor too). */
const BEFORE_UNDERTAKING: ReadonlySet<string> = new Set([...BEFORE_ENROLMENT, '/expert/undertaking']);

export function requireExpert(deps: Pick<Deps, 'db' | 'config'>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = request.cookies[EXPERT_SESSION_COOKIE];
    if (!token || token.length > 100) throw unauthorized();
    const r = await deps.db.query<{ session_id: string; id: string; name: string; email: string; undertaking: boolean; totp: boolean }>(
      `SELECT s.id AS session_id, e.id, e.name, e.email, e.undertaking_accepted_at IS NOT NULL AS undertaking,
              EXISTS (SELECT 1 FROM expert_totp_factors f WHERE f.expert_id = e.id AND f.confirmed_at IS NOT NULL) AS totp
         FROM expert_sessions s JOIN experts e ON e.id = s.expert_id
        WHERE s.token_sha256 = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND e.password_hash IS NOT NULL`,
      [sha256(token)],
    );
    const row = r.rows[0];
    if (!row) throw unauthorized();
    const path = request.routeOptions.config.endpoint?.path;
    if (deps.config.EXPERT_REQUIRE_2FA && !row.totp && !(path && BEFORE_ENROLMENT.has(path))) {
      throw forbidden(EXPERT_ACCESS_MESSAGES.enrolmentRequired, 'expert_2fa_enrolment_required');
    }
    if (!row.undertaking && !(path && BEFORE_UNDERTAKING.has(path)))
      throw forbidden(EXPERT_MESSAGES.undertakingRequired, 'undertaking_required');
    request.expert = { id: row.id, name: row.name, email: row.email, sessionId: row.session_id };
  };
}

/** The expert of a route guarded by requireExpert. */
export function expert(request: FastifyRequest): ExpertAuth {
  if (!request.expert) throw unauthorized();
  return request.expert;
}
