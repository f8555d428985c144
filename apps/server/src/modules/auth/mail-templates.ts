import { OTP, PRODUCT_NAME } from '@assay/shared';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const wrap = (title: string, lead: string, code: string) => `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#111827">${title}</h1>
<p style="color:#374151">${lead}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;color:#4338ca">${code}</p>
<p style="color:#6b7280;font-size:13px">The code expires in ${OTP.ttlMinutes} minutes. If you did not ask for it, ignore this email.</p>
</div></body></html>`;

export function verificationMail(to: string, name: string, code: string): MailMessage {
  const lead = `Hi ${escapeHtml(name)}, use this code to verify your email address.`;
  return {
    to,
    code,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    text: `Hi ${name},\n\nYour ${PRODUCT_NAME} verification code is ${code}.\nIt expires in ${OTP.ttlMinutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    html: wrap('Verify your email', lead, code),
  };
}

export function resetMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    code,
    subject: `Your ${PRODUCT_NAME} password reset code: ${code}`,
    text: `Hi ${name},\n\nYour ${PRODUCT_NAME} password reset code is ${code}.\nIt expires in ${OTP.ttlMinutes} minutes.\n\nIf you did not ask to reset your password, ignore this email; your password is unchanged.`,
    html: wrap('Reset your password', `Hi ${escapeHtml(name)}, use this code to set a new password.`, code),
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
