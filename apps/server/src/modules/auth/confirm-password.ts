import { MSG, type PasskeyAuthenticationResponse } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { assertUnderLimits, countHit } from '../../lib/rate-limit.ts';
import { findUserById, type UserRow } from '../users/index.ts';
import { checkOwnerPasskey, passkeyAssertionOptionsFor } from './passkey-store.ts';
import { hasTotp, useTotpCode } from './totp.ts';

/**
 * A signed-in member re-enters her password before a security change (password, second factor,
 * sessions). Guessing it through a stolen session is bounded per account; only wrong guesses
 * count, and every such change shares the one budget. Answers the user.
 */
export async function confirmPassword(deps: Deps, userId: string, password: string): Promise<UserRow> {
  const { db, config } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  if (!user.password_hash) throw badRequest(MSG.googleAccountNoPassword, 'google_account');
  const limits = [
    { key: `change-password:${user.id}`, limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  ];
  await assertUnderLimits(db, limits);
  if (!(await verifyPassword(password, user.password_hash))) {
    await countHit(db, limits);
    throw badRequest(MSG.wrongCurrentPassword, 'wrong_password');
  }
  return user;
}

/**
 * The second factor instead of the password (decision 193): a code from the member's
 * authenticator app, once (replay refused), under the same per-account budget as the password.
 */
export async function confirmTotp(deps: Deps, userId: string, code: string): Promise<UserRow> {
  const { db, config } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  if (!(await hasTotp(db, userId))) throw badRequest(MSG.totpNotEnabled, 'totp_not_enabled');
  const limits = [
    { key: `change-password:${user.id}`, limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  ];
  await assertUnderLimits(db, limits);
  if (!(await useTotpCode(db, config.JWT_SECRET, userId, code))) {
    await countHit(db, limits);
    throw badRequest(MSG.secondFactorFailed, 'second_factor_invalid');
  }
  return user;
}

/**
 * Options for confirming with a passkey instead of the password (decision 228): this member's
 * passkeys only, user verification required — the device checks her PIN, fingerprint or face,
 * so someone at her unlocked computer cannot confirm with a touch. 400 no_passkey without one.
 */
export async function passkeyReauthOptions(deps: Deps, userId: string) {
  return passkeyAssertionOptionsFor(deps.db, deps.config, { kind: 'member', id: userId }, 'reauth', 'required');
}

/**
 * One of the member's passkeys instead of the password (decision 228): a `reauth` challenge
 * issued to her, spent once, signed with user verification by a passkey of hers (an operator's
 * or another member's credential is refused), under the same per-account budget.
 */
export async function confirmPasskey(deps: Deps, userId: string, response: PasskeyAuthenticationResponse): Promise<UserRow> {
  const { db, config } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  const limits = [
    { key: `change-password:${user.id}`, limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  ];
  await assertUnderLimits(db, limits);
  const outcome = await checkOwnerPasskey(db, config, { kind: 'member', id: userId }, 'reauth', response, true);
  if (outcome !== 'ok') {
    await countHit(db, limits);
    throw outcome === 'expired'
      ? badRequest(MSG.passkeyExpired, 'passkey_expired')
      : badRequest(MSG.reauthPasskeyFailed, 'passkey_invalid');
  }
  return user;
}
