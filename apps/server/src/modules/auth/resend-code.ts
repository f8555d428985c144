import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findUserByEmail } from '../users/index.ts';
import { issueCode } from './email-codes.ts';
import { verificationMail } from './mail-templates.ts';

export async function resendVerificationCode(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  // Unknown and verified emails get the same answer a real resend gets: nothing to learn here.
  if (!user || user.is_verified) {
    if (user?.is_verified) throw badRequest(MSG.alreadyVerified, 'already_verified');
    return { message: MSG.otpSent };
  }
  const code = await issueCode(deps.db, deps.config.JWT_SECRET, user.id, 'verify_email');
  if (!code) throw new AppError(429, MSG.otpResendTooSoon, 'otp_resend_too_soon', { 'retry-after': '60' });
  await deps.mailer.send(verificationMail(user.email, user.name, code));
  return { message: MSG.otpSent };
}
