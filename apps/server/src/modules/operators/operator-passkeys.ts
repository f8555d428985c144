import { MSG, type PasskeyAuthenticationResponse, type PasskeyRegistrationResponse } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { operator } from '../../http/operator-guard.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { assertUnderLimits, countHit } from '../../lib/rate-limit.ts';
import {
  addPasskeyFor,
  checkOwnerPasskey,
  deletePasskeyOf,
  listPasskeysOf,
  passkeyAssertionOptionsFor,
  passkeyRegistrationOptionsFor,
  renamePasskeyOf,
} from '../auth/index.ts';
import { codeLimits, setMfaCookie } from './operator-second-factor.ts';

/*
 * Operators' passkeys (decision 228), kept in the members' store under the operator's own column,
 * so neither kind's credential answers for the other. A passkey is a second factor of the operator
 * like the app: it sets the same cookie and satisfies ADMIN_REQUIRE_2FA. Its answers take from the
 * code step's budget (OPERATOR_LOCKOUT_FAILURES, or the trusted browser's own), the same rule as
 * a wrong code.
 */

const owner = (req: FastifyRequest) => ({ kind: 'operator' as const, id: operator(req).id });

/**
 * Adding, naming, removing and listing need the second factor already given — except adding the
 * first one when ADMIN_REQUIRE_2FA asks for it ('enrol'). Someone with the password alone cannot
 * add a passkey beside the operator's app and then pass the code step with it.
 */
function assertSettingsOpen(req: FastifyRequest, allowEnrol: boolean) {
  const state = req.operatorSecondFactor ?? 'ok';
  if (state === 'ok' || (allowEnrol && state === 'enrol')) return;
  throw state === 'required'
    ? unauthorized(MSG.operatorSecondFactorRequired, 'operator_second_factor_required')
    : badRequest(MSG.operatorTotpEnrolmentRequired, 'operator_2fa_enrolment_required');
}

export async function listOperatorPasskeys(deps: Deps, req: FastifyRequest) {
  assertSettingsOpen(req, false);
  return listPasskeysOf(deps.db, owner(req));
}

export async function operatorPasskeyRegistrationOptions(deps: Deps, req: FastifyRequest) {
  assertSettingsOpen(req, true);
  const op = operator(req);
  return passkeyRegistrationOptionsFor(deps.db, deps.config, owner(req), { userName: `operator:${op.username}`, displayName: op.username });
}

export async function registerOperatorPasskey(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  body: { name: string; response: PasskeyRegistrationResponse },
) {
  assertSettingsOpen(req, true);
  const op = operator(req);
  const added = await addPasskeyFor(deps.db, deps.config, owner(req), body, async (tx, key) => {
    await audit(tx, op, 'operator.passkey_added', `operator:${op.id}`, { passkey: key.id, name: key.name });
  });
  // The new passkey answered a challenge just now: that is the second factor given, as a
  // confirmed app is (and the way an enrolling operator gets into the panel).
  await setMfaCookie(deps, reply, op.id);
  reply.status(201);
  return added;
}

export async function renameOperatorPasskey(deps: Deps, req: FastifyRequest, id: number, name: string) {
  assertSettingsOpen(req, false);
  return renamePasskeyOf(deps.db, owner(req), id, name);
}

/** No password again (it came with the request); audited. Another operator's passkey is a 404. */
export async function removeOperatorPasskey(deps: Deps, req: FastifyRequest, id: number) {
  assertSettingsOpen(req, false);
  const op = operator(req);
  await deps.db.transaction(async (tx) => {
    const name = await deletePasskeyOf(tx, owner(req), id);
    await audit(tx, op, 'operator.passkey_removed', `operator:${op.id}`, { passkey: id, name });
  });
  return { message: MSG.passkeyRemoved };
}

/** At the code step: options for this operator's passkeys only. */
export async function operatorPasskeySecondFactorOptions(deps: Deps, req: FastifyRequest) {
  if (req.operatorSecondFactor === 'enrol') throw badRequest(MSG.operatorTotpEnrolmentRequired, 'operator_2fa_enrolment_required');
  const limits = codeLimits(deps, req, operator(req).id);
  await assertUnderLimits(deps.db, limits, MSG.secondFactorTooManyAttempts);
  // The password came with the request; the passkey is the second factor, as a security key is.
  return passkeyAssertionOptionsFor(deps.db, deps.config, owner(req), 'operator_second_factor', 'preferred');
}

/**
 * The code step answered with a passkey: a challenge issued to this operator for this step,
 * signed by one of this operator's passkeys (a member's credential is as good as an unknown one).
 * A failure counts like a wrong code.
 */
export async function operatorPasskeySecondFactor(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  response: PasskeyAuthenticationResponse,
) {
  const op = operator(req);
  if (req.operatorSecondFactor === 'enrol') throw badRequest(MSG.operatorTotpEnrolmentRequired, 'operator_2fa_enrolment_required');
  const limits = codeLimits(deps, req, op.id);
  await assertUnderLimits(deps.db, limits, MSG.secondFactorTooManyAttempts);
  const outcome = await checkOwnerPasskey(deps.db, deps.config, owner(req), 'operator_second_factor', response, false);
  if (outcome !== 'ok') {
    await countHit(deps.db, limits);
    throw outcome === 'expired'
      ? badRequest(MSG.passkeyExpired, 'passkey_expired')
      : badRequest(MSG.operatorPasskeyFailed, 'passkey_invalid');
  }
  await setMfaCookie(deps, reply, op.id);
  return { username: op.username, second_factor: 'ok' as const };
}
