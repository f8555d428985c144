import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { findUserByEmail } from '../users/index.ts';
import { issueCode } from './email-codes.ts';
import { limitCodeSends } from './otp-rate-limit.ts';
import { composeMail } from '../mail/index.ts';
import { codeLink } from './code-link.ts';

/** Always the same answer, fast: whether the email has an account is never revealed. */
export async function requestPasswordReset(deps: Deps, email: string, ip: string) {
  await limitCodeSends(deps, ip);
  const user = await findUserByEmail(deps.db, email);
  if (user) await mailResetCode(deps, user);
  return { message: MSG.resetRequested };
}

/**
 * Issues a reset code and mails it just after the answer. Inside the resend cooldown nothing is
 * sent: a code (with its working link) reached the mailbox less than OTP.resendSeconds ago.
 */
export async function mailResetCode(deps: Deps, user: { id: string; email: string; name: string }) {
  const issued = await issueCode(deps.db, deps.config, user.id, 'reset_password');
  if (!issued) return;
  const link = codeLink(deps.config.PUBLIC_URL, 'reset_password', user.email, issued);
  // After answering, so the answer's timing does not depend on the account existing.
  setImmediate(() => {
    deps.mailer
      .send(composeMail(deps.config, user.email, 'passwordResetCode', { name: user.name, code: issued.code, link }))
      .catch((err) => deps.log.error({ err }, 'reset email failed'));
  });
}
