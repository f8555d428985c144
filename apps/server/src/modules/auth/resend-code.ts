import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, serviceUnavailable } from '../../lib/errors.ts';
import { findUserByEmail } from '../users/index.ts';
import { issueCode } from './email-codes.ts';
import { verificationMail } from './mail-templates.ts';

export async function resendVerificationCode(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (user?.is_verified) throw badRequest(MSG.alreadyVerified, 'already_verified');
  // An unknown email gets the answer a real resend gets.
  if (!user) return { message: MSG.otpSent };
  const code = await issueCode(deps.db, deps.config.JWT_SECRET, user.id, 'verify_email');
  if (!code) throw new AppError(429, MSG.otpResendTooSoon, 'otp_resend_too_soon', { 'retry-after': '60' });
  try {
    await deps.mailer.send(verificationMail(user.email, user.name, code));
  } catch (err) {
    deps.log.error({ err }, 'verification email failed');
    // A code that never left must not throttle the next try.
    await deps.db.query(`DELETE FROM email_codes WHERE user_id = $1 AND purpose = 'verify_email'`, [user.id]);
    throw serviceUnavailable(MSG.mailFailed, 'mail_failed');
  }
  return { message: MSG.otpSent };
}
