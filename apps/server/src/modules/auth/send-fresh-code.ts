import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { issueCode, resendTooSoon, type CodePurpose } from './email-codes.ts';
import { verificationMail } from './mail-templates.ts';

/**
 * Emails an unverified account a fresh verification code, always to the account's own address.
 * 429 inside the resend cooldown or past the hourly cap; 503 when the mail cannot be sent.
 */
export async function sendFreshCode(deps: Deps, user: { id: string; email: string; name: string }) {
  await mailCode(deps, user, 'verify_email', verificationMail, MSG.mailFailed);
}

/**
 * Issues a code for `purpose` and emails it now (the caller answers once it has left). A code
 * that never left is removed, so it does not throttle the next try: 503 with `failureDetail`.
 */
export async function mailCode(
  deps: Deps,
  user: { id: string; email: string; name: string },
  purpose: CodePurpose,
  compose: (to: string, name: string, code: string) => MailMessage,
  failureDetail: string,
) {
  const code = await issueCode(deps.db, deps.config, user.id, purpose);
  if (!code) throw await resendTooSoon(deps.db, user.id, purpose);
  try {
    await deps.mailer.send(compose(user.email, user.name, code));
  } catch (err) {
    deps.log.error({ err, purpose }, 'code email failed');
    await deps.db.query('DELETE FROM email_codes WHERE user_id = $1 AND purpose = $2', [user.id, purpose]);
    throw serviceUnavailable(failureDetail, 'mail_failed');
  }
}
