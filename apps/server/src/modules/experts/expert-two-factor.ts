import { EXPERT_ACCESS_MESSAGES, MSG, OTP, type ExpertMe, type ExpertSecurity } from '@assay/shared';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { assertUnderLimits, countHit, type FailureLimit } from '../../lib/rate-limit.ts';
import { sha256 } from '../../lib/secrets.ts';
import { hasTotp, newTotpSecret, recoveryCodesLeft, replaceRecoveryCodes, totpStep, useRecoveryCode, useTotpCode } from '../auth/index.ts';
import { auditExpert } from '../operators/index.ts';
import { mailExpertSecurityNotice } from './expert-access-mails.ts';
import { openExpertSession, readMe, setExpertDeviceCookie, trustedDevice } from './expert-sessions.ts';

/**
 * Experts' two-factor sign-in (decision 235): the members' authenticator app and recovery codes
 * (decision 190) — the same otpauth code, sealed secret, replay rule and recovery-code store, in
 * the experts' own tables — and the members' code-step limits (decision 160):
 * - each challenge takes OTP.maxAttempts codes;
 * - wrong app codes count per expert (OTP_WRONG_CODES_PER_ACCOUNT a window, from anyone who has
 *   the password) and per address (RATE_LIMIT_OTP_PER_IP, the members' counter);
 * - the expert's own lanes, which strangers cannot spend: a browser holding this expert's device
 *   cookie has its own budget (TRUSTED_DEVICE_FAILURES) instead of the expert's, and a recovery
 *   code (59 bits) is checked under the address's limit only.
 */
type TwoFactorDeps = Pick<Deps, 'db' | 'config' | 'queue'>;

export async function expertSecondFactor(
  deps: TwoFactorDeps,
  reply: FastifyReply,
  challenge: string,
  code: string,
  req: { ip: string; deviceCookie: string | undefined },
): Promise<ExpertMe> {
  const { db, config } = deps;
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  const perIp: FailureLimit[] = [{ key: `otp:check:ip:${req.ip}`, limit: config.RATE_LIMIT_OTP_PER_IP, windowSeconds }];
  await assertUnderLimits(db, perIp);

  const expired = unauthorized(MSG.secondFactorExpired, 'second_factor_expired');
  const found = await db.query<{ expert_id: string }>(
    'SELECT expert_id FROM expert_sign_in_challenges WHERE token_hash = $1 AND expires_at > now()',
    [sha256(challenge)],
  );
  const expertId = found.rows[0]?.expert_id;
  if (!expertId) {
    await countHit(db, perIp);
    throw expired;
  }
  const recovery = code.length !== 6;
  const device = trustedDevice(config, expertId, req.deviceCookie);
  const perExpert: FailureLimit[] = recovery
    ? []
    : device
      ? [{ key: `expert:2fa:device:${device.id}`, limit: config.TRUSTED_DEVICE_FAILURES, windowSeconds }]
      : [{ key: `expert:2fa:${expertId}`, limit: config.OTP_WRONG_CODES_PER_ACCOUNT, windowSeconds }];
  await assertUnderLimits(db, perExpert, MSG.secondFactorTooManyAttempts);

  // One try of the challenge, in one UPDATE, so concurrent guesses cannot overshoot.
  const taken = await db.query(
    `UPDATE expert_sign_in_challenges SET attempts = attempts + 1
      WHERE token_hash = $1 AND expires_at > now() AND attempts < $2 RETURNING 1`,
    [sha256(challenge), OTP.maxAttempts],
  );
  if (!taken.rows.length) throw expired;
  const ok = recovery
    ? await useRecoveryCode(db, config.JWT_SECRET, expertId, code, 'expert')
    : await useTotpCode(db, config.JWT_SECRET, expertId, code, 'expert');
  if (!ok) {
    await countHit(db, [...perIp, ...perExpert]);
    throw badRequest(MSG.secondFactorFailed, 'second_factor_invalid');
  }
  // Single use: of two requests with right codes, only the one that deletes the challenge signs in.
  return db.transaction(async (tx) => {
    const spent = await tx.query<{ expert_id: string }>('DELETE FROM expert_sign_in_challenges WHERE token_hash = $1 RETURNING expert_id', [
      sha256(challenge),
    ]);
    if (!spent.rows.length) throw expired;
    const e = (await tx.query<{ id: string; email: string }>('SELECT id, email FROM experts WHERE id = $1', [expertId])).rows[0];
    if (!e) throw expired;
    await openExpertSession(tx, reply, config.secureCookies, e.id);
    await auditExpert(tx, e, 'expert.sign_in', `expert:${e.id}`, { second_factor: recovery ? 'recovery_code' : 'totp' });
    setExpertDeviceCookie(config, reply, e.id);
    return readMe(tx, config, e.id);
  });
}

/**
 * The password again before a change to the second factor (decision 190's rule): someone at the
 * expert's unlocked browser cannot add or remove the app. Wrong guesses count per expert.
 */
async function confirmExpertPassword(deps: TwoFactorDeps, who: ExpertAuth, password: string) {
  const { db, config } = deps;
  const limits = [
    { key: `expert:reauth:${who.id}`, limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  ];
  await assertUnderLimits(db, limits);
  const row = (
    await db.query<{ password_hash: string | null; name: string }>('SELECT password_hash, name FROM experts WHERE id = $1', [who.id])
  ).rows[0];
  if (!row?.password_hash) throw unauthorized();
  if (!(await verifyPassword(password, row.password_hash))) {
    await countHit(db, limits);
    throw badRequest(MSG.wrongCurrentPassword, 'wrong_password');
  }
}

export async function expertSecurity(deps: TwoFactorDeps, who: ExpertAuth): Promise<ExpertSecurity> {
  return {
    totp_enabled: await hasTotp(deps.db, who.id, 'expert'),
    recovery_codes_left: await recoveryCodesLeft(deps.db, who.id, 'expert'),
    required: deps.config.EXPERT_REQUIRE_2FA,
  };
}

/** A new secret and its QR code, unconfirmed until a code from it is typed; shown only here. */
export async function expertTotpSetup(deps: TwoFactorDeps, who: ExpertAuth, password: string) {
  await confirmExpertPassword(deps, who, password);
  const { sealed, ...shown } = await newTotpSecret(deps.config.JWT_SECRET, `expert:${who.email}`);
  const r = await deps.db.query(
    `INSERT INTO expert_totp_factors (expert_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (expert_id) DO UPDATE SET secret_sealed = $2, created_at = now(), last_step = 0
      WHERE expert_totp_factors.confirmed_at IS NULL RETURNING 1`,
    [who.id, sealed],
  );
  if (!r.rows.length) throw conflict(MSG.totpAlreadyEnabled, 'totp_already_enabled');
  return shown;
}

/** Confirms the app with one of its codes; answers ten recovery codes (shown only here). */
export async function expertTotpEnable(deps: TwoFactorDeps, who: ExpertAuth, code: string) {
  const { db, config } = deps;
  // Someone with the session guessing codes to enrol is bounded like a re-entered password.
  const limits = [
    { key: `expert:reauth:${who.id}`, limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  ];
  await assertUnderLimits(db, limits);
  const pending = await db.query<{ secret_sealed: string }>(
    'SELECT secret_sealed FROM expert_totp_factors WHERE expert_id = $1 AND confirmed_at IS NULL',
    [who.id],
  );
  if (!pending.rows[0]) throw badRequest(MSG.totpSetupMissing, 'totp_setup_missing');
  const step = totpStep(config.JWT_SECRET, pending.rows[0].secret_sealed, code);
  if (step === undefined) {
    await countHit(db, limits);
    throw badRequest(MSG.secondFactorFailed, 'second_factor_invalid');
  }
  return db.transaction(async (tx) => {
    const on = await tx.query(
      'UPDATE expert_totp_factors SET confirmed_at = now(), last_step = $2 WHERE expert_id = $1 AND confirmed_at IS NULL RETURNING 1',
      [who.id, step],
    );
    if (!on.rows.length) throw conflict(MSG.totpAlreadyEnabled, 'totp_already_enabled');
    const codes = await replaceRecoveryCodes(tx, config.JWT_SECRET, who.id, 'expert');
    await auditExpert(tx, who, 'expert.totp_enabled', `expert:${who.id}`);
    await mailExpertSecurityNotice(deps, tx, who, {
      subject: 'Two-factor sign-in was turned on',
      what: 'An authenticator app was added to your expert account: signing in to the expert portal now also asks for its code',
    });
    return { recovery_codes: codes };
  });
}

/** Turns the app off (the password again); refused while the operators require it. */
export async function expertTotpDisable(deps: TwoFactorDeps, who: ExpertAuth, password: string) {
  if (deps.config.EXPERT_REQUIRE_2FA) throw conflict(EXPERT_ACCESS_MESSAGES.twoFactorRequired, 'expert_2fa_required');
  await confirmExpertPassword(deps, who, password);
  await deps.db.transaction(async (tx) => {
    const off = await tx.query<{ confirmed_at: Date | null }>(
      'DELETE FROM expert_totp_factors WHERE expert_id = $1 RETURNING confirmed_at',
      [who.id],
    );
    await tx.query('DELETE FROM expert_recovery_codes WHERE expert_id = $1', [who.id]);
    await tx.query('DELETE FROM expert_sign_in_challenges WHERE expert_id = $1', [who.id]);
    if (!off.rows[0]?.confirmed_at) throw badRequest(MSG.totpNotEnabled, 'totp_not_enabled');
    await auditExpert(tx, who, 'expert.totp_disabled', `expert:${who.id}`);
    await mailExpertSecurityNotice(deps, tx, who, {
      subject: 'Two-factor sign-in was turned off',
      what: 'The authenticator app was removed from your expert account: signing in to the expert portal now asks for the password only',
    });
  });
  return { message: MSG.totpDisabled };
}

export async function expertNewRecoveryCodes(deps: TwoFactorDeps, who: ExpertAuth, password: string) {
  await confirmExpertPassword(deps, who, password);
  if (!(await hasTotp(deps.db, who.id, 'expert'))) throw badRequest(MSG.totpNotEnabled, 'totp_not_enabled');
  return { recovery_codes: await deps.db.transaction((tx) => replaceRecoveryCodes(tx, deps.config.JWT_SECRET, who.id, 'expert')) };
}
