import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { issueCode, resendTooSoon, withdrawCode, type CodePurpose } from './email-codes.ts';
import { codeLink, verificationMail } from './mail-templates.ts';

/**
 * Emails an unverified account a fresh verification code, always to the account's own address.
 * 429 inside the resend cooldown; 503 when the mail cannot be sent.
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
  compose: (to: string, name: string, code: string, link: string) => MailMessage,
  failureDetail: string,
) {
  const issued = await issueCode(deps.db, deps.config, user.id, purpose);
  if (!issued) throw await resendTooSoon(deps.db, user.id, purpose);
  try {
    await deps.mailer.send(compose(user.email, user.name, issued.code, codeLink(deps.config.PUBLIC_URL, purpose, user.email, issued)));
  } catch (err) {
    deps.log.error({ err, purpose }, 'code email failed');
    await withdrawCode(deps.db, deps.config, user.id, purpose, issued);
    throw serviceUnavailable(failureDetail, 'mail_failed');
  }
}
