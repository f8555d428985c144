import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import { composeMail } from '../mail/index.ts';
import { issueCode, resendTooSoon, withdrawCode, type CodePurpose } from './email-codes.ts';
import { codeLink } from './code-link.ts';

/**
 * Emails an unverified account a fresh verification code, always to the account's own address.
 * 429 inside the resend cooldown; 503 when the mail cannot be sent.
 */
export async function sendFreshCode(deps: Deps, user: { id: string; email: string; name: string }) {
  await mailCode(deps, user, 'verify_email', 'verifyEmail', MSG.mailFailed);
}

/**
 * Issues a code for `purpose` and emails it now (the caller answers once it has left). A code
 * that never left is removed, so it does not throttle the next try: 503 with `failureDetail`.
 */
export async function mailCode(
  deps: Deps,
  user: { id: string; email: string; name: string },
  purpose: CodePurpose,
  mail: 'verifyEmail' | 'passwordResetCode' | 'accountDeletionCode' | 'emailChangeCode',
  failureDetail: string,
) {
  const issued = await issueCode(deps.db, deps.config, user.id, purpose);
  if (!issued) throw await resendTooSoon(deps.db, user.id, purpose);
  try {
    // The mails without a link (deletion, e-mail change) take the same data and leave the link out.
    const data = { name: user.name, code: issued.code, link: codeLink(deps.config.PUBLIC_URL, purpose, user.email, issued) };
    await deps.mailer.send(composeMail(deps.config, user.email, mail, data));
  } catch (err) {
    deps.log.error({ err, purpose }, 'code email failed');
    await withdrawCode(deps.db, deps.config, user.id, purpose, issued);
    throw serviceUnavailable(failureDetail, 'mail_failed');
  }
}
