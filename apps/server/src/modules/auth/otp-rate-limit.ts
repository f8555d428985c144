import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertUnderLimits, countHit, hitRateLimit } from '../../lib/rate-limit.ts';
import { type CodePurpose, consumeCode } from './email-codes.ts';

/** Sending codes (sign-up, resend, forgot password) is limited per client address: a mail-flood guard. */
export async function limitCodeSends(deps: Deps, ip: string) {
  const { db, config } = deps;
  await hitRateLimit(db, `otp:ip:${ip}`, config.RATE_LIMIT_OTP_PER_IP, config.RATE_LIMIT_WINDOW_SECONDS);
}

/**
 * Checks an emailed code. Guesses are bounded per code (OTP.maxAttempts) and by the codes an
 * account may be sent per hour; wrong codes are also counted per client address. Nothing here
 * counts per account, so strangers' failures never stop the owner's fresh code. Answers the user.
 */
export async function checkCode<U extends { id: string }>(
  deps: Deps,
  user: U | undefined,
  purpose: CodePurpose,
  otp: string,
  ip: string,
  failureDetail: string = MSG.otpFailed,
): Promise<U> {
  const { db, config } = deps;
  const perIp = [{ key: `otp:check:ip:${ip}`, limit: config.RATE_LIMIT_OTP_PER_IP, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS }];
  await assertUnderLimits(db, perIp);
  try {
    if (!user) throw badRequest(failureDetail, 'otp_invalid');
    await consumeCode(db, config.JWT_SECRET, user.id, purpose, otp, failureDetail);
  } catch (err) {
    await countHit(db, perIp);
    throw err;
  }
  return user;
}
