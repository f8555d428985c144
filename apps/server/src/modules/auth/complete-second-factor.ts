import { MSG, OTP } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { issueDeviceCookie, readDeviceCookie } from '../../lib/device-cookie.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { assertUnderLimits, countHit, type FailureLimit } from '../../lib/rate-limit.ts';
import { sha256 } from '../../lib/secrets.ts';
import { findUserById } from '../users/index.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { mailNewSignIn } from './new-sign-in-notice.ts';
import { openSession } from './session-tokens.ts';
import { useTotpCode } from './totp.ts';

/**
 * The code step of a sign-in (decision 190), under the rules of the e-mailed codes (decision 160):
 * - each challenge takes OTP.maxAttempts codes, then the password is asked again;
 * - wrong authenticator codes count per account (OTP_WRONG_CODES_PER_ACCOUNT a window, from
 *   anyone who has the password) and per address (RATE_LIMIT_OTP_PER_IP);
 * - the owner's lanes, which strangers cannot spend: a browser holding this account's device
 *   cookie has its own budget (TRUSTED_DEVICE_FAILURES) instead of the account's, and a recovery
 *   code (59 bits, unguessable) is checked under the address's limit only, as a code mail's link is.
 * `code` arrives normalised (six digits, or twelve letters and digits for a recovery code).
 */
export async function completeSecondFactor(
  deps: Deps,
  challenge: string,
  code: string,
  req: { ip: string; deviceCookie: string | undefined },
) {
  const { db, config } = deps;
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  const perIp: FailureLimit[] = [{ key: `otp:check:ip:${req.ip}`, limit: config.RATE_LIMIT_OTP_PER_IP, windowSeconds }];
  await assertUnderLimits(db, perIp);

  const expired = unauthorized(MSG.secondFactorExpired, 'second_factor_expired');
  const found = await db.query<{ user_id: string }>('SELECT user_id FROM sign_in_challenges WHERE token_hash = $1 AND expires_at > now()', [
    sha256(challenge),
  ]);
  const userId = found.rows[0]?.user_id;
  if (!userId) {
    await countHit(db, perIp);
    throw expired;
  }
  const recovery = code.length !== 6;
  const device = readDeviceCookie(config.JWT_SECRET, 'member', req.deviceCookie);
  const trusted = device?.accountId === userId ? device : undefined;
  const perAccount: FailureLimit[] = recovery
    ? []
    : trusted
      ? [{ key: `2fa:device:${trusted.id}`, limit: config.TRUSTED_DEVICE_FAILURES, windowSeconds }]
      : [{ key: `2fa:wrong:${userId}`, limit: config.OTP_WRONG_CODES_PER_ACCOUNT, windowSeconds }];
  await assertUnderLimits(db, perAccount, MSG.secondFactorTooManyAttempts);

  // One try of the challenge, in one UPDATE, so concurrent guesses cannot overshoot.
  const taken = await db.query<{ remember: boolean; ip: string | null; user_agent: string | null }>(
    `UPDATE sign_in_challenges SET attempts = attempts + 1
      WHERE token_hash = $1 AND expires_at > now() AND attempts < $2
      RETURNING remember, ip, user_agent`,
    [sha256(challenge), OTP.maxAttempts],
  );
  const ch = taken.rows[0];
  if (!ch) throw expired;

  const ok = recovery ? await useRecoveryCode(db, config.JWT_SECRET, userId, code) : await useTotpCode(db, config.JWT_SECRET, userId, code);
  if (!ok) {
    await countHit(db, [...perIp, ...perAccount]);
    throw badRequest(MSG.secondFactorFailed, 'second_factor_invalid');
  }
  return finishSignIn(deps, challenge, userId, ch, { ip: req.ip, trusted: !!trusted });
}

/**
 * The end of a code step, whatever proved the second factor: spends the challenge and opens the
 * session. Single use: of two requests with right answers, only the one that deletes the
 * challenge signs in.
 */
export async function finishSignIn(
  deps: Deps,
  challenge: string,
  userId: string,
  ch: { remember: boolean; user_agent: string | null },
  req: { ip: string; trusted: boolean },
) {
  const { db, config } = deps;
  const expired = unauthorized(MSG.secondFactorExpired, 'second_factor_expired');
  const user = await findUserById(db, userId);
  if (!user) throw expired;
  const session = await db.transaction(async (tx) => {
    const spent = await tx.query('DELETE FROM sign_in_challenges WHERE token_hash = $1 RETURNING 1', [sha256(challenge)]);
    if (!spent.rows.length) throw expired;
    const meta = { remember: ch.remember, ip: req.ip, userAgent: ch.user_agent ?? undefined };
    if (!req.trusted) await mailNewSignIn(deps, tx, user, meta);
    return openSession(tx, config.JWT_SECRET, user, meta);
  });
  return { ...session, device_cookie: issueDeviceCookie(config.JWT_SECRET, 'member', user.id), known_device: req.trusted };
}
