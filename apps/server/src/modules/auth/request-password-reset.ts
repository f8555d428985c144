import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { findUserByEmail } from '../users/index.ts';
import { issueCode } from './email-codes.ts';
import { limitCodeSends } from './otp-rate-limit.ts';
import { resetMail } from './mail-templates.ts';

/** Always the same answer, fast: whether the email has an account is never revealed. */
export async function requestPasswordReset(deps: Deps, email: string, ip: string) {
  const { db, config } = deps;
  await limitCodeSends(deps, ip);
  const user = await findUserByEmail(db, email);
  if (user) {
    // Past the hourly cap nothing is sent, and the answer stays the same.
    const code = await issueCode(db, config, user.id, 'reset_password').catch(() => undefined);
    if (code) {
      // Sent after answering, so the answer's timing does not depend on the account existing.
      setImmediate(() => {
        deps.mailer.send(resetMail(user.email, user.name, code)).catch((err) => deps.log.error({ err }, 'reset email failed'));
      });
    }
  }
  return { message: MSG.resetRequested };
}
