import { MSG } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { OPERATOR_DEVICE_COOKIE, operator } from '../../http/operator-guard.ts';
import { issueOperatorMfaCookie, OPERATOR_MFA_COOKIE, OPERATOR_MFA_HOURS } from '../../http/operator-second-factor.ts';
import { audit } from '../../lib/audit.ts';
import { deviceCookieOptions, issueDeviceCookie, readDeviceCookie } from '../../lib/device-cookie.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { assertUnderLimits, countHit, type FailureLimit } from '../../lib/rate-limit.ts';
import { newTotpSecret, totpStep, useTotpCode } from '../auth/index.ts';

/**
 * Operators' authenticator apps (decision 191), like members' (decision 190) without recovery
 * codes: an operator who loses the phone is helped by the server's shell
 * (`npm run operator -- reset-password`, which also removes the app). Wrong codes are limited per
 * operator (OPERATOR_LOCKOUT_FAILURES a window); a browser holding this operator's device cookie has
 * its own budget, so someone who has the password cannot lock the operator out of her own browser.
 */
export function codeLimits(deps: Deps, req: FastifyRequest, operatorId: string): FailureLimit[] {
  const windowSeconds = deps.config.OPERATOR_LOCKOUT_MINUTES * 60;
  const device = readDeviceCookie(deps.config.JWT_SECRET, 'operator', req.cookies[OPERATOR_DEVICE_COOKIE]);
  return device?.accountId === operatorId
    ? [{ key: `operator:2fa:device:${device.id}`, limit: deps.config.TRUSTED_DEVICE_FAILURES, windowSeconds }]
    : [{ key: `operator:2fa:${operatorId}`, limit: deps.config.OPERATOR_LOCKOUT_FAILURES, windowSeconds }];
}

/** After a right code: the second-factor cookie, and the device cookie the guard held back until now. */
export async function setMfaCookie(deps: Deps, reply: FastifyReply, operatorId: string) {
  reply.setCookie(
    OPERATOR_DEVICE_COOKIE,
    issueDeviceCookie(deps.config.JWT_SECRET, 'operator', operatorId),
    deviceCookieOptions(deps.config.secureCookies, '/api'),
  );
  const r = await deps.db.query<{ password_hash: string }>('SELECT password_hash FROM operators WHERE id = $1', [operatorId]);
  reply.setCookie(OPERATOR_MFA_COOKIE, issueOperatorMfaCookie(deps.config.JWT_SECRET, operatorId, r.rows[0]!.password_hash), {
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.secureCookies,
    path: '/api',
    maxAge: OPERATOR_MFA_HOURS * 3600,
  });
}

export async function operatorSecondFactor(deps: Deps, req: FastifyRequest, reply: FastifyReply, code: string) {
  const op = operator(req);
  if (req.operatorSecondFactor === 'enrol') throw badRequest(MSG.operatorTotpEnrolmentRequired, 'operator_2fa_enrolment_required');
  const limits = codeLimits(deps, req, op.id);
  await assertUnderLimits(deps.db, limits, MSG.secondFactorTooManyAttempts);
  if (!(await useTotpCode(deps.db, deps.config.JWT_SECRET, op.id, code, 'operator'))) {
    await countHit(deps.db, limits);
    throw badRequest(MSG.secondFactorFailed, 'second_factor_invalid');
  }
  await setMfaCookie(deps, reply, op.id);
  return { username: op.username, second_factor: 'ok' as const };
}

export async function operatorTotpSetup(deps: Deps, req: FastifyRequest) {
  const op = operator(req);
  const { sealed, ...shown } = await newTotpSecret(deps.config.JWT_SECRET, `operator:${op.username}`);
  const r = await deps.db.query(
    `INSERT INTO operator_totp_factors (operator_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (operator_id) DO UPDATE SET secret_sealed = $2, created_at = now(), last_step = 0
      WHERE operator_totp_factors.confirmed_at IS NULL RETURNING 1`,
    [op.id, sealed],
  );
  if (!r.rows.length) throw conflict(MSG.totpAlreadyEnabled, 'totp_already_enabled');
  return shown;
}

export async function operatorTotpEnable(deps: Deps, req: FastifyRequest, reply: FastifyReply, code: string) {
  const op = operator(req);
  const limits = codeLimits(deps, req, op.id);
  await assertUnderLimits(deps.db, limits, MSG.secondFactorTooManyAttempts);
  const pending = await deps.db.query<{ secret_sealed: string }>(
    'SELECT secret_sealed FROM operator_totp_factors WHERE operator_id = $1 AND confirmed_at IS NULL',
    [op.id],
  );
  if (!pending.rows[0]) throw badRequest(MSG.totpSetupMissing, 'totp_setup_missing');
  const step = totpStep(deps.config.JWT_SECRET, pending.rows[0].secret_sealed, code);
  if (step === undefined) {
    await countHit(deps.db, limits);
    throw badRequest(MSG.secondFactorFailed, 'second_factor_invalid');
  }
  await deps.db.transaction(async (tx) => {
    const on = await tx.query(
      'UPDATE operator_totp_factors SET confirmed_at = now(), last_step = $2 WHERE operator_id = $1 AND confirmed_at IS NULL RETURNING 1',
      [op.id, step],
    );
    if (!on.rows.length) throw conflict(MSG.totpAlreadyEnabled, 'totp_already_enabled');
    await audit(tx, op, 'operator.totp_enabled', `operator:${op.id}`, {});
  });
  await setMfaCookie(deps, reply, op.id);
  return { username: op.username, second_factor: 'ok' as const };
}
