import type { Deps } from '../../deps.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';

/** Code checks and sends are limited per client address and per account. */
export async function limitOtp(deps: Deps, email: string, ip: string) {
  const { db, config } = deps;
  await hitRateLimit(db, `otp:ip:${ip}`, config.RATE_LIMIT_OTP_PER_IP, config.RATE_LIMIT_WINDOW_SECONDS);
  await hitRateLimit(db, `otp:account:${email}`, config.RATE_LIMIT_OTP_PER_ACCOUNT, config.RATE_LIMIT_WINDOW_SECONDS);
}
