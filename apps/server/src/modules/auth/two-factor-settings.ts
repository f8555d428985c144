import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { assertUnderLimits, countHit } from '../../lib/rate-limit.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import { findUserById } from '../users/index.ts';
import { confirmPassword } from './confirm-password.ts';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts';
import { hasTotp, newTotpSecret, totpStep } from './totp.ts';

/**
 * Profile → Security: turning the authenticator on and off (decision 190). Every change asks for
 * the password again, and every change that is made is mailed to the member.
 */

export async function securityStatus(deps: Deps, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  return {
    // Google accounts keep Google's own second factor.
    can_use_totp: !!user.password_hash,
    totp_enabled: await hasTotp(deps.db, userId),
    recovery_codes_left: await recoveryCodesLeft(deps.db, userId),
  };
}

/** A new secret and its QR code, kept unconfirmed until a code from it is typed; shown only here. */
export async function setupTotp(deps: Deps, userId: string, password: string) {
  const user = await confirmPassword(deps, userId, password);
  if (await hasTotp(deps.db, userId)) throw conflict(MSG.totpAlreadyEnabled, 'totp_already_enabled');
  const { sealed, ...shown } = await newTotpSecret(deps.config.JWT_SECRET, user.email);
  await deps.db.query(
    `INSERT INTO totp_factors (user_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = $2, created_at = now(), last_step = 0
      WHERE totp_factors.confirmed_at IS NULL`,
    [userId, sealed],
  );
  return shown;
}

/** Confirms the app with one of its codes; answers ten recovery codes (shown only here). */
export async function enableTotp(deps: Deps, userId: string, code: string) {
  const { db, config } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  // A session thief guessing codes to enrol is bounded like any re-entered password.
  const limits = [
    { key: `change-password:${userId}`, limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  ];
  await assertUnderLimits(db, limits);
  const pending = await db.query<{ secret_sealed: string }>(
    'SELECT secret_sealed FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NULL',
    [userId],
  );
  if (!pending.rows[0]) throw badRequest(MSG.totpSetupMissing, 'totp_setup_missing');
  const step = totpStep(config.JWT_SECRET, pending.rows[0].secret_sealed, code);
  if (step === undefined) {
    await countHit(db, limits);
    throw badRequest(MSG.secondFactorFailed, 'second_factor_invalid');
  }
  return db.transaction(async (tx) => {
    const on = await tx.query(
      'UPDATE totp_factors SET confirmed_at = now(), last_step = $2 WHERE user_id = $1 AND confirmed_at IS NULL RETURNING 1',
      [userId, step],
    );
    if (!on.rows.length) throw conflict(MSG.totpAlreadyEnabled, 'totp_already_enabled');
    const codes = await replaceRecoveryCodes(tx, config.JWT_SECRET, userId);
    await queueMail(
      deps.queue,
      tx,
      composeMail(deps.config, user.email, 'securityNotice', {
        name: user.name,
        at: new Date(),
        subject: 'Two-factor sign-in was turned on',
        what: 'An authenticator app was added to your account: signing in now also asks for its code',
      }),
    );
    return { recovery_codes: codes };
  });
}

export async function disableTotp(deps: Deps, userId: string, password: string) {
  const user = await confirmPassword(deps, userId, password);
  await deps.db.transaction(async (tx) => {
    const off = await tx.query('DELETE FROM totp_factors WHERE user_id = $1 RETURNING confirmed_at', [userId]);
    await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM sign_in_challenges WHERE user_id = $1', [userId]);
    if (!off.rows[0]?.confirmed_at) throw badRequest(MSG.totpNotEnabled, 'totp_not_enabled');
    await queueMail(
      deps.queue,
      tx,
      composeMail(deps.config, user.email, 'securityNotice', {
        name: user.name,
        at: new Date(),
        subject: 'Two-factor sign-in was turned off',
        what: 'The authenticator app was removed from your account: signing in now asks for the password only',
      }),
    );
  });
  return { message: MSG.totpDisabled };
}

export async function newRecoveryCodes(deps: Deps, userId: string, password: string) {
  await confirmPassword(deps, userId, password);
  if (!(await hasTotp(deps.db, userId))) throw badRequest(MSG.totpNotEnabled, 'totp_not_enabled');
  return { recovery_codes: await deps.db.transaction((tx) => replaceRecoveryCodes(tx, deps.config.JWT_SECRET, userId)) };
}
