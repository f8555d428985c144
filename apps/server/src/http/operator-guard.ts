import { MSG } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { deviceCookieOptions } from '../lib/device-cookie.ts';
import { forbidden, serviceUnavailable, unauthorized } from '../lib/errors.ts';
import { authenticateOperator, isRecentOperator, type OperatorAuth } from './authenticate-operator.ts';
import { operatorLaneOf, type OperatorLane } from './operator-lane.ts';
import {
  OPERATOR_MFA_COOKIE,
  operatorSecondFactorState,
  SECOND_FACTOR_STEP_PATHS,
  type OperatorSecondFactor,
} from './operator-second-factor.ts';

export type { OperatorAuth };

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorAuth | null;
    /** Where the operator stands with the second factor (decision 191); set with `operator`. */
    operatorSecondFactor: OperatorSecondFactor | null;
  }
}

/** Marks a browser that has signed in as an operator before (lib/device-cookie.ts). */
export const OPERATOR_DEVICE_COOKIE = 'assay_operator_device';

/** `Authorization: Basic base64(user:pass)` → the pair; anything else (a Bearer token too) → undefined. */
export function parseBasicAuthorization(header: string | undefined): { username: string; password: string } | undefined {
  const m = header ? /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(header) : null;
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // A control character (a NUL above all, which PostgreSQL cannot store) is in no username or
  // password: malformed, like a missing colon, so a 401 and not a database error.
  // eslint-disable-next-line no-control-regex
  if (colon < 0 || /[\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * preHandler for operator routes: HTTP Basic credentials checked on every request
 * (docs/product.md §6). A member's bearer token is not an operator credential.
 * The 401 carries no WWW-Authenticate header, so browsers never pop their own dialog.
 */
export function requireOperator(deps: Pick<Deps, 'db' | 'config'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const credentials = parseBasicAuthorization(request.headers.authorization);
    if (!credentials) throw unauthorized(MSG.adminAuthRequired, 'admin_auth_required');
    // On the embedded database operator work takes turns and rests (operator-lane.ts). An operator
    // signed in within the last minute queues before her credentials are checked, so the check's
    // statements are part of her turn; anyone else is checked first, so strangers' guesses never
    // take a turn from her.
    const lane = operatorLaneOf(deps.db);
    const queueFirst = lane !== undefined && isRecentOperator(credentials.username, credentials.password);
    if (lane && queueFirst) await waitForTurn(lane, reply);
    const { operator, deviceCookie } = await authenticateOperator(deps, credentials.username, credentials.password, {
      ip: request.ip,
      deviceCookie: request.cookies[OPERATOR_DEVICE_COOKIE],
    });
    // The second factor (decision 191): until it is given, only the steps that give it are open.
    const secondFactor = await operatorSecondFactorState(deps.db, deps.config, operator.id, request.cookies[OPERATOR_MFA_COOKIE]);
    const path = request.routeOptions.config.endpoint?.path;
    if (secondFactor !== 'ok' && !(path && SECOND_FACTOR_STEP_PATHS.has(path))) {
      throw secondFactor === 'required'
        ? unauthorized(MSG.operatorSecondFactorRequired, 'operator_second_factor_required')
        : forbidden(MSG.operatorTotpEnrolmentRequired, 'operator_2fa_enrolment_required');
    }
    request.operator = operator;
    request.operatorSecondFactor = secondFactor;
    if (lane && !queueFirst) await waitForTurn(lane, reply);
    // Path /api: every operator call (blog, contact, reports, admin) carries it.
    // Not before the second factor: a password alone never makes a browser trusted (decision 191).
    if (deviceCookie && secondFactor === 'ok') {
      reply.setCookie(OPERATOR_DEVICE_COOKIE, deviceCookie, deviceCookieOptions(deps.config.secureCookies, '/api'));
    }
  };
}

/** The operator of a route guarded by requireOperator. */
export function operator(request: FastifyRequest): OperatorAuth {
  if (!request.operator) throw unauthorized(MSG.adminAuthRequired, 'admin_auth_required');
  return request.operator;
}

/**
 * Waits for the lane; the turn ends when the response closes. A client that goes while it waits
 * leaves at once and its request does no work.
 */
async function waitForTurn(lane: OperatorLane, reply: FastifyReply) {
  let gone = false;
  const turn: { leave?: () => void } = {};
  reply.raw.once('close', () => {
    gone = true;
    turn.leave?.();
  });
  turn.leave = await lane.enter();
  if (gone) {
    turn.leave();
    throw serviceUnavailable(MSG.genericError, 'client_gone');
  }
}
