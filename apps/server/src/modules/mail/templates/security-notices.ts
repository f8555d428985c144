import { formatDayTime, PRODUCT_NAME } from '@assay/shared';
import { html, layout, link, paragraphsOf } from '../layout.ts';
import { template } from '../template.ts';

/*
 * Security notices: always sent (no preference turns them off), because they are how an owner
 * learns that someone else got in. Sent from a no-reply address, so they point to the contact form
 * and the session list, never to replying.
 */

const securityFooter = 'This is a security notice; it is sent whatever your email preferences.';

/** After a password change or reset: what happened and when, and that other sessions were signed out. */
export const passwordChanged = template<{ name: string; how: 'changed' | 'reset'; at: Date }>({
  about: 'A member\u2019s password was changed from the profile or reset with a code; always sent.',
  sample: { name: 'Asha Rao', how: 'changed', at: new Date('2026-11-28T09:30:00Z') },
  render: ({ name, how, at }, { publicUrl }) => {
    const when = formatDayTime(at, 'UTC');
    const what = how === 'changed' ? 'was changed from your profile' : 'was reset with a code sent to this address';
    const signedOut =
      how === 'changed' ? 'Every other signed-in device has been signed out.' : 'Every signed-in device has been signed out.';
    const reset = `${publicUrl}/forgot-password`;
    const contact = `${publicUrl}/contact`;
    const notYou = `If this was not you, set a new password now at ${reset} and tell us through the contact form at ${contact}.`;
    return {
      subject: `Your ${PRODUCT_NAME} password was ${how}`,
      text: `Hi ${name},\n\nThe password of your ${PRODUCT_NAME} account ${what} on ${when}. ${signedOut}\n\nIf this was you, there is nothing to do.\n${notYou}\n\n${securityFooter}`,
      html: layout({
        title: `Your password was ${how}`,
        paragraphs: [
          html`Hi ${name}, the password of your ${PRODUCT_NAME} account ${what} on ${when}. ${signedOut}`,
          html`If this was you, there is nothing to do. If it was not, set a new password now and tell us through the
          ${link(contact, 'contact form')}.`,
        ],
        action: { label: 'Set a new password', url: reset },
        footer: securityFooter,
      }),
    };
  },
});

/**
 * A short notice (decision 190): what changed on the account and when. `what` is a sentence
 * ("A passkey was added to your account"); `link` replaces the default button to the security settings.
 */
export const securityNotice = template<{
  name: string;
  subject: string;
  what: string;
  at: Date;
  link?: { href: string; label: string } | undefined;
}>({
  about: 'Something changed on a member\u2019s sign-in (2FA, passkeys, e-mail address, a new sign-in); always sent.',
  sample: {
    name: 'Asha Rao',
    subject: 'A passkey was added',
    what: 'A passkey named \u201cLaptop\u201d was added to your account',
    at: new Date('2026-11-28T09:30:00Z'),
  },
  render: (n, { publicUrl }) => {
    const when = formatDayTime(n.at, 'UTC');
    const security = `${publicUrl}/profile#security`;
    const contact = `${publicUrl}/contact`;
    const action = n.link ?? { href: security, label: 'Review your security settings' };
    return {
      subject: `${PRODUCT_NAME}: ${n.subject}`,
      text: `Hi ${n.name},\n\n${n.what} (${when}).\n\nIf this was you, there is nothing to do.\nIf it was not, set a new password at ${publicUrl}/forgot-password, review your sessions at ${security} and tell us through the contact form at ${contact}.\n${action.href === security ? '' : `\n${action.label}: ${action.href}\n`}\n${securityFooter}`,
      html: layout({
        title: n.subject,
        paragraphs: [
          html`Hi ${n.name}, ${n.what.charAt(0).toLowerCase() + n.what.slice(1)} (${when}).`,
          // The text part gave these addresses and the HTML only named them: now they are links.
          html`If this was you, there is nothing to do. If it was not, ${link(`${publicUrl}/forgot-password`, 'set a new password')} now,
          ${link(security, 'review your sessions')} and tell us through the ${link(contact, 'contact form')}.`,
        ],
        action: { label: action.label, url: action.href },
        footer: securityFooter,
      }),
    };
  },
});

/** The expert portal's notice (decision 235): the expert has no session list, so it points to the operators. */
export const expertSecurityNotice = template<{ name: string; subject: string; what: string; at: Date }>({
  about: 'An expert turned the portal\u2019s second factor on or off; always sent.',
  sample: {
    name: 'Dr. Meera Iyer',
    subject: 'Two-factor sign-in was turned on',
    what: 'An authenticator app was added to your expert account: signing in to the expert portal now also asks for its code',
    at: new Date('2026-11-28T09:30:00Z'),
  },
  render: (n, { publicUrl }) => {
    const text =
      `Hi ${n.name},\n\n${n.what} (${n.at.toISOString().slice(0, 16).replace('T', ' ')} UTC).\n\n` +
      `If this was you, there is nothing to do. If it was not, tell the operators at once through the contact form:\n${publicUrl}/contact\n\n` +
      `This is a security notice from the expert portal.\n`;
    return { subject: `${PRODUCT_NAME}: ${n.subject}`, text, html: layout({ title: n.subject, paragraphs: paragraphsOf(text) }) };
  },
});
