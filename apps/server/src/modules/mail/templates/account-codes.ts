import { OTP, PRODUCT_NAME } from '@assay/shared';
import { html, layout } from '../layout.ts';
import { template } from '../template.ts';

/**
 * The mails that carry a one-time code, sent at once (not queued): the member is waiting for them.
 * `link` is the page that finishes what the code is for, the code in its fragment (auth/code-link.ts).
 */
interface CodeMail {
  name: string;
  code: string;
  link: string;
}

const expires = `The code expires in ${OTP.ttlMinutes} minutes. If you did not ask for it, ignore this email.`;
const sampleCode = { name: 'Asha Rao', code: '482913', link: 'http://localhost:3000/signup#email=asha%40example.com&code=482913&key=k3y' };

export const verifyEmail = template<CodeMail>({
  about: 'Signup: the code (and link) that verifies the address; sent at once.',
  sample: sampleCode,
  render: ({ name, code, link }) => ({
    code,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    text: `Hi ${name},\n\nYour ${PRODUCT_NAME} verification code is ${code}.\nOr open this link to verify: ${link}\nIt expires in ${OTP.ttlMinutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    html: layout({
      title: 'Verify your email',
      paragraphs: [html`Hi ${name}, use this code to verify your email address, or open the link below.`],
      code,
      action: { label: 'Verify my email', url: link },
      footer: expires,
    }),
  }),
});

export const passwordResetCode = template<CodeMail>({
  about: 'Forgotten password: the code (and link) that sets a new one; sent at once.',
  sample: { ...sampleCode, link: 'http://localhost:3000/forgot-password#email=asha%40example.com&code=482913&key=k3y' },
  render: ({ name, code, link }) => ({
    code,
    subject: `Your ${PRODUCT_NAME} password reset code: ${code}`,
    text: `Hi ${name},\n\nYour ${PRODUCT_NAME} password reset code is ${code}.\nOr open this link to set a new password: ${link}\nIt expires in ${OTP.ttlMinutes} minutes.\n\nIf you did not ask to reset your password, ignore this email; your password is unchanged.`,
    html: layout({
      title: 'Reset your password',
      paragraphs: [html`Hi ${name}, use this code to set a new password, or open the link below.`],
      code,
      action: { label: 'Set a new password', url: link },
      footer: expires,
    }),
  }),
});

export const accountDeletionCode = template<Omit<CodeMail, 'link'>>({
  about: 'Deleting an account without a password (Google sign-in): the code that confirms it.',
  sample: { name: sampleCode.name, code: sampleCode.code },
  render: ({ name, code }) => ({
    code,
    subject: `Your ${PRODUCT_NAME} account deletion code: ${code}`,
    text: `Hi ${name},\n\nSomeone signed in to your ${PRODUCT_NAME} account asked to delete it. The code to confirm is ${code}.\nIt expires in ${OTP.ttlMinutes} minutes.\n\nDeleting the account removes your reports and forfeits your unused tokens. If you did not ask for this, ignore this email and your account stays as it is.`,
    html: layout({
      title: 'Confirm deleting your account',
      paragraphs: [
        html`Hi ${name}, use this code to confirm deleting your ${PRODUCT_NAME} account. Deleting it removes your reports and forfeits your
        unused tokens.`,
      ],
      code,
      footer: expires,
    }),
  }),
});

/** The code that proves the new address of an e-mail change (decision 190); no link: it is typed in the profile. */
export const emailChangeCode = template<Omit<CodeMail, 'link'>>({
  about: 'E-mail change: the code, sent to the new address, that proves it.',
  sample: { name: sampleCode.name, code: sampleCode.code },
  render: ({ name, code }) => ({
    code,
    subject: `Your ${PRODUCT_NAME} email change code: ${code}`,
    text: `Hi ${name},\n\nUse the code ${code} in your ${PRODUCT_NAME} profile to make this your account's email address.\nIt expires in ${OTP.ttlMinutes} minutes.\n\nIf you did not ask for this, ignore this email; nothing changes.`,
    html: layout({
      title: 'Confirm your new email',
      paragraphs: [html`Hi ${name}, use this code in your ${PRODUCT_NAME} profile to make this your account's email address.`],
      code,
      footer: expires,
    }),
  }),
});
