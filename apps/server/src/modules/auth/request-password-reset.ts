import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { findUserByEmail } from '../users/index.ts';
import { issueCode } from './email-codes.ts';
import { resetMail } from './mail-templates.ts';

/** Always the same answer, fast: whether the email has an account is never revealed. */
export async function requestPasswordReset(deps: Deps, email: string, ip: string) {
  const { db, config } = deps;
  await hitRateLimit(db, `otp:ip:${ip}`, config.RATE_LIMIT_OTP_PER_IP, config.RATE_LIMIT_WINDOW_SECONDS);
  const user = await findUserByEmail(db, email);
  if (user) {
    const code = await issueCode(db, config.JWT_SECRET, user.id, 'reset_password');
    if (code) {
      // Sent after answering, so the answer's timing does not depend on the account existing.
      setImmediate(() => {
        deps.mailer.send(resetMail(user.email, user.name, code)).catch((err) => deps.log.error({ err }, 'reset email failed'));
      });
    }
  }
  return { message: MSG.resetRequested };
}
