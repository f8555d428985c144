import { escapeHtml, formatDayTime, OTP, PRODUCT_NAME } from '@assay/shared';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { CodePurpose, IssuedCode } from './email-codes.ts';

/**
 * The page that finishes what a code is for, with the code and its key in the fragment (never
 * sent to a server, so it stays out of logs and Referer headers). Decision 160: the key is what
 * lets the mailbox owner in while strangers spend the typed-code tries.
 */
export function codeLink(publicUrl: string, purpose: CodePurpose, email: string, issued: IssuedCode): string {
  const page = purpose === 'verify_email' ? 'signup' : purpose === 'reset_password' ? 'forgot-password' : 'account';
  return `${publicUrl}/${page}#${new URLSearchParams({ email, code: issued.code, key: issued.key })}`;
}

const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4338ca;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${label}</a></p>`;

const wrap = (title: string, lead: string, code: string, action = '') => `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#111827">${title}</h1>
<p style="color:#374151">${lead}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;color:#4338ca">${code}</p>
${action}
<p style="color:#6b7280;font-size:13px">The code expires in ${OTP.ttlMinutes} minutes. If you did not ask for it, ignore this email.</p>
</div></body></html>`;

export function verificationMail(to: string, name: string, code: string, link: string): MailMessage {
  const lead = `Hi ${escapeHtml(name)}, use this code to verify your email address, or open the link below.`;
  return {
    to,
    code,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    text: `Hi ${name},\n\nYour ${PRODUCT_NAME} verification code is ${code}.\nOr open this link to verify: ${link}\nIt expires in ${OTP.ttlMinutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    html: wrap('Verify your email', lead, code, button(link, 'Verify my email')),
  };
}

export function resetMail(to: string, name: string, code: string, link: string): MailMessage {
  return {
    to,
    code,
    subject: `Your ${PRODUCT_NAME} password reset code: ${code}`,
    text: `Hi ${name},\n\nYour ${PRODUCT_NAME} password reset code is ${code}.\nOr open this link to set a new password: ${link}\nIt expires in ${OTP.ttlMinutes} minutes.\n\nIf you did not ask to reset your password, ignore this email; your password is unchanged.`,
    html: wrap('Reset your password', `Hi ${escapeHtml(name)}, use this code to set a new password, or open the link below.`, code, button(link, 'Set a new password')),
  };
}

export function deletionMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    code,
    subject: `Your ${PRODUCT_NAME} account deletion code: ${code}`,
    text: `Hi ${name},\n\nSomeone signed in to your ${PRODUCT_NAME} account asked to delete it. The code to confirm is ${code}.\nIt expires in ${OTP.ttlMinutes} minutes.\n\nDeleting the account removes your reports and forfeits your unused tokens. If you did not ask for this, ignore this email and your account stays as it is.`,
    html: wrap('Confirm deleting your account', `Hi ${escapeHtml(name)}, use this code to confirm deleting your ${PRODUCT_NAME} account. Deleting it removes your reports and forfeits your unused tokens.`, code),
  };
}

/**
 * After a password change or reset: what happened and when, that other sessions were signed out,
 * and what to do if it was not the member. Always sent (no preference turns it off): it is how an
 * owner learns that someone else got in. Sent from a no-reply address, so it points to the
 * contact form, never to replying.
 */
export function passwordChangedMail(
  to: string,
  name: string,
  how: 'changed' | 'reset',
  at: Date,
  publicUrl: string,
): { to: string; subject: string; text: string; html: string } {
  const when = formatDayTime(at, 'UTC');
  const what = how === 'changed' ? 'was changed from your profile' : 'was reset with a code sent to this address';
  const signedOut = how === 'changed' ? 'Every other signed-in device has been signed out.' : 'Every signed-in device has been signed out.';
  const reset = `${publicUrl}/forgot-password`;
  const contact = `${publicUrl}/contact`;
  const notYou = `If this was not you, set a new password now at ${reset} and tell us through the contact form at ${contact}.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password was ${how}`,
    text: `Hi ${name},\n\nThe password of your ${PRODUCT_NAME} account ${what} on ${when}. ${signedOut}\n\nIf this was you, there is nothing to do.\n${notYou}\n\nThis is a security notice; it is sent whatever your email preferences.`,
    html: `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#111827">Your password was ${how}</h1>
<p style="color:#374151">Hi ${escapeHtml(name)}, the password of your ${PRODUCT_NAME} account ${what} on ${when}. ${signedOut}</p>
<p style="color:#374151">If this was you, there is nothing to do. If it was not, set a new password now and tell us through the <a href="${escapeHtml(contact)}">contact form</a>.</p>
${button(reset, 'Set a new password')}
<p style="color:#6b7280;font-size:13px">This is a security notice; it is sent whatever your email preferences.</p>
</div></body></html>`,
  };
}

/**
 * A short security notice (decision 190): what changed on the account and when, and what to do
 * if it was not the member. Always sent, like the password notice above; sent from a no-reply
 * address, so it points to the contact form and the session list, never to replying.
 */
export function securityNoticeMail(
  to: string,
  name: string,
  notice: { subject: string; what: string; link?: { href: string; label: string } },
  at: Date,
  publicUrl: string,
): { to: string; subject: string; text: string; html: string } {
  const when = formatDayTime(at, 'UTC');
  const security = `${publicUrl}/profile#security`;
  const contact = `${publicUrl}/contact`;
  const link = notice.link ?? { href: security, label: 'Review your security settings' };
  return {
    to,
    subject: `${PRODUCT_NAME}: ${notice.subject}`,
    text: `Hi ${name},\n\n${notice.what} (${when}).\n\nIf this was you, there is nothing to do.\nIf it was not, set a new password at ${publicUrl}/forgot-password, review your sessions at ${security} and tell us through the contact form at ${contact}.\n${link.href === security ? '' : `\n${link.label}: ${link.href}\n`}\nThis is a security notice; it is sent whatever your email preferences.`,
    html: `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#111827">${escapeHtml(notice.subject)}</h1>
<p style="color:#374151">Hi ${escapeHtml(name)}, ${escapeHtml(notice.what.charAt(0).toLowerCase() + notice.what.slice(1))} (${when}).</p>
<p style="color:#374151">If this was you, there is nothing to do. If it was not, set a new password now, review your sessions and tell us through the <a href="${escapeHtml(contact)}">contact form</a>.</p>
${button(link.href, escapeHtml(link.label))}
<p style="color:#6b7280;font-size:13px">This is a security notice; it is sent whatever your email preferences.</p>
</div></body></html>`,
  };
}

/** The code that proves the new address of an e-mail change (decision 190); no link: it is typed in the profile. */
export function emailChangeCodeMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    code,
    subject: `Your ${PRODUCT_NAME} email change code: ${code}`,
    text: `Hi ${name},\n\nUse the code ${code} in your ${PRODUCT_NAME} profile to make this your account's email address.\nIt expires in ${OTP.ttlMinutes} minutes.\n\nIf you did not ask for this, ignore this email; nothing changes.`,
    html: wrap('Confirm your new email', `Hi ${escapeHtml(name)}, use this code in your ${PRODUCT_NAME} profile to make this your account's email address.`, code),
  };
}
