import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { unauthorized } from '../lib/errors.ts';
import { verifyAccessToken } from '../lib/jwt.ts';

/** The member a request was authenticated as (see requireMember). */
export interface MemberAuth {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: MemberAuth | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

async function isSessionLive(db: Queryable, sessionId: string, userId: string) {
  const r = await db.query('SELECT 1 FROM sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()', [
    sessionId,
    userId,
  ]);
  return r.rows.length > 0;
}

/**
 * preHandler for member routes: a valid access token whose session is still live.
 * Checking the session makes logout and password changes take effect at once.
 */
export function requireMember(deps: Pick<Deps, 'db' | 'config'>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const auth = await verifyAccessToken(deps.config.JWT_SECRET, token);
    if (!(await isSessionLive(deps.db, auth.sessionId, auth.userId))) throw unauthorized();
    request.member = auth;
  };
}

/** The authenticated member of a route guarded by requireMember. */
export function member(request: FastifyRequest): MemberAuth {
  if (!request.member) throw unauthorized();
  return request.member;
}
