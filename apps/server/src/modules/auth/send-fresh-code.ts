import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import { issueCode, resendTooSoon } from './email-codes.ts';
import { verificationMail } from './mail-templates.ts';

/**
 * Emails an unverified account a fresh verification code, always to the account's own address.
 * 429 inside the resend cooldown or past the hourly cap; 503 when the mail cannot be sent.
 */
export async function sendFreshCode(deps: Deps, user: { id: string; email: string; name: string }) {
  const code = await issueCode(deps.db, deps.config, user.id, 'verify_email');
  if (!code) throw resendTooSoon();
  try {
    await deps.mailer.send(verificationMail(user.email, user.name, code));
  } catch (err) {
    deps.log.error({ err }, 'verification email failed');
    // A code that never left must not throttle the next try.
    await deps.db.query(`DELETE FROM email_codes WHERE user_id = $1 AND purpose = 'verify_email'`, [user.id]);
    throw serviceUnavailable(MSG.mailFailed, 'mail_failed');
  }
}
