import { escapeHtml, formatDay, PRODUCT_NAME, stripBidiControls } from '@assay/shared';
import type { QueuedMail } from '../mail/index.ts';

/** The notification mails: plain text first (what every client shows), and the same in simple HTML. */

interface Recipient {
  email: string;
  name: string;
}

/** A report title in a subject line: one line, bounded. */
const oneLine = (s: string, max = 120) => {
  // A title is shown in a subject line: no bidi override may flip how it reads.
  const line = stripBidiControls(s).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
const tokens = (n: number) => n.toLocaleString('en-US');
// A mail cannot know its reader's zone: days are UTC days, like the expiry the ledger counts.
const day = (d: Date) => formatDay(d, 'UTC');

function page(title: string, paragraphs: string[], action: { label: string; url: string }, footer: string) {
  return `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#111827">${title}</h1>
${paragraphs.map((p) => `<p style="color:#374151;line-height:1.5">${p}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4338ca;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${action.label}</a></p>
<p style="color:#6b7280;font-size:13px">${footer}</p>
</div></body></html>`;
}

const optOut = (baseUrl: string) =>
  `You can turn these emails off in your profile: ${baseUrl}/profile#notifications`;

export function reportReadyMail(to: Recipient, report: { id: string; title: string }, baseUrl: string): QueuedMail {
  const url = `${baseUrl}/reports?report=${encodeURIComponent(report.id)}`;
  const title = oneLine(report.title, 200);
  return {
    to: to.email,
    subject: `Your report is ready: ${oneLine(report.title)}`,
    text: `Hi ${to.name},\n\nYour ${PRODUCT_NAME} report "${title}" is ready. Open it to preview or download the PDF:\n${url}\n\n${optOut(baseUrl)}`,
    html: page(
      'Your report is ready',
      [`Hi ${escapeHtml(to.name)},`, `Your report <strong>${escapeHtml(title)}</strong> is ready to preview and download.`],
      { label: 'Open the report', url },
      escapeHtml(optOut(baseUrl)),
    ),
  };
}

export function reportFailedMail(to: Recipient, report: { title: string; tokens: number }, baseUrl: string): QueuedMail {
  const url = `${baseUrl}/reports`;
  const contact = `${baseUrl}/contact`;
  const title = oneLine(report.title, 200);
  const released = `The ${tokens(report.tokens)} tokens held for it have been returned to your balance.`;
  return {
    to: to.email,
    subject: `Your report could not be generated: ${oneLine(report.title)}`,
    // Sent from a no-reply address: the way to reach us is the contact form, not a reply.
    text: `Hi ${to.name},\n\nWe could not generate your ${PRODUCT_NAME} report "${title}". ${released}\n\nYou can start it again from your dashboard:\n${url}\n\nIf it fails again, tell us through the contact form and we will look into it:\n${contact}`,
    html: page(
      'Your report could not be generated',
      [`Hi ${escapeHtml(to.name)},`, `We could not generate your report <strong>${escapeHtml(title)}</strong>. ${released}`,
        `If it fails again, tell us through the <a href="${escapeHtml(contact)}">contact form</a> and we will look into it.`],
      { label: 'Go to your reports', url },
      'You receive this email because it concerns tokens you paid for a report.',
    ),
  };
}

export function tokensExpiringMail(to: Recipient, lots: Array<{ remaining: number; expiresAt: Date }>, baseUrl: string): QueuedMail {
  const total = lots.reduce((s, l) => s + l.remaining, 0);
  const first = lots.reduce((a, l) => (l.expiresAt < a ? l.expiresAt : a), lots[0]!.expiresAt);
  const lines = lots.map((l) => `${tokens(l.remaining)} tokens expire on ${day(l.expiresAt)}`);
  const url = `${baseUrl}/reports`;
  return {
    to: to.email,
    subject: `${tokens(total)} of your ${PRODUCT_NAME} tokens expire on ${day(first)}`,
    text: `Hi ${to.name},\n\n${lines.join('\n')}.\n\nUse them for a report before then:\n${url}\n\n${optOut(baseUrl)}`,
    html: page(
      'Your tokens expire soon',
      [`Hi ${escapeHtml(to.name)},`, `${lines.map(escapeHtml).join('<br>')}.`, 'Use them for a report before then.'],
      { label: 'Generate a report', url },
      escapeHtml(optOut(baseUrl)),
    ),
  };
}
