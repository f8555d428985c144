import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertUnderLimits, countHit, type FailureLimit, hitRateLimit } from '../../lib/rate-limit.ts';
import { type CodePurpose, consumeCode, consumeLinkedCode } from './email-codes.ts';

/** Sending codes (sign-up, resend, forgot password) is limited per client address: a mail-flood guard. */
export async function limitCodeSends(deps: Deps, ip: string) {
  const { db, config } = deps;
  await hitRateLimit(db, `otp:ip:${ip}`, config.RATE_LIMIT_OTP_PER_IP, config.RATE_LIMIT_WINDOW_SECONDS);
}

/**
 * Checks an emailed code (decision 160). A typed code is guessable, so wrong ones are bounded
 * three ways: OTP.maxAttempts per code, OTP_WRONG_CODES_PER_ACCOUNT per email address and
 * window from anyone (keyed by the email typed, so an unknown email is held back exactly like a
 * real one and the 429 reveals no account), and per client address. Strangers can spend the account's budget, but not the
 * link in the owner's mail: a code sent with its link's key (a 128-bit secret only the mailbox
 * holds) is checked under none of those limits but the address's, so the owner always gets in
 * with the latest mail she has. Answers the user.
 */
export async function checkCode<U extends { id: string }>(
  deps: Deps,
  email: string,
  user: U | undefined,
  purpose: CodePurpose,
  otp: string,
  ip: string,
  failureDetail: string = MSG.otpFailed,
  key?: string,
): Promise<U> {
  const { db, config } = deps;
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  const perIp: FailureLimit[] = [{ key: `otp:check:ip:${ip}`, limit: config.RATE_LIMIT_OTP_PER_IP, windowSeconds }];
  const perAccount: FailureLimit[] = key
    ? []
    : [{ key: `otp:wrong:${purpose}:${email.trim().toLowerCase()}`, limit: config.OTP_WRONG_CODES_PER_ACCOUNT, windowSeconds }];
  await assertUnderLimits(db, perIp);
  await assertUnderLimits(db, perAccount, MSG.otpAccountLocked);
  try {
    if (!user) throw badRequest(failureDetail, 'otp_invalid');
    if (key) await consumeLinkedCode(db, config.JWT_SECRET, user.id, purpose, otp, key, failureDetail);
    else await consumeCode(db, config.JWT_SECRET, user.id, purpose, otp, failureDetail);
  } catch (err) {
    await countHit(db, [...perIp, ...perAccount]);
    throw err;
  }
  return user;
}
