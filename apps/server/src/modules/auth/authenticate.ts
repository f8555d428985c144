import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../lib/errors.ts';
import { isSessionLive, verifyAccessToken } from './session-tokens.ts';

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

/**
 * preHandler for member routes: a valid access token whose session is still live.
 * Checking the session makes logout and password changes take effect at once.
 */
export function requireMember(deps: Deps) {
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
