import type { AuthKind } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import type { AppInstance } from './types.ts';
import { requireMember } from './member-guard.ts';
import { requireOperator } from './operator-guard.ts';
import { requireExpert } from './expert-guard.ts';

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
export type Guards = Record<Exclude<AuthKind, 'public'>, Guard>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard (a preValidation hook) for each kind of caller an endpoint may declare (see route()). */
    guards: Guards;
  }
}

/** Gives the app its request guards, once, before any route is registered. */
export function registerAuthentication(app: AppInstance, deps: Pick<Deps, 'db' | 'config'>) {
  app.decorateRequest('member', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorSecondFactor', null);
  app.decorateRequest('expert', null);
  const member = requireMember(deps);
  const operator = requireOperator(deps);
  app.decorate('guards', {
    member,
    operator,
    member_or_operator: async (request, reply) =>
      request.headers.authorization?.startsWith('Basic ') ? operator(request, reply) : member(request, reply),
    expert: requireExpert(deps),
  } satisfies Guards);
}
