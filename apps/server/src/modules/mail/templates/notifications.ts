import { formatDay, formatTokens, PRODUCT_NAME, stripBidiControls } from '@assay/shared';
import { html, layout, link } from '../layout.ts';
import { template } from '../template.ts';

/** The notification mails (docs/decisions/133-notifications.md): plain text first, the same in the layout. */

/** A report title in a subject line: one line, bounded. */
const oneLine = (s: string, max = 120) => {
  // A title is shown in a subject line: no bidi override may flip how it reads.
  const line = stripBidiControls(s).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
// A mail cannot know its reader's zone: days are UTC days, like the expiry the ledger counts.
const day = (d: Date) => formatDay(d, 'UTC');

const optOut = (publicUrl: string) => `You can turn these emails off in your profile: ${publicUrl}/profile#notifications`;

export const reportReady = template<{ name: string; reportId: string; title: string }>({
  about: 'A member\u2019s report is written (the member may turn it off).',
  sample: { name: 'Asha Rao', reportId: '6f1c2a9e-0000-4000-8000-000000000001', title: 'A self-cleaning solar panel coating' },
  render: ({ name, reportId, title: fullTitle }, { publicUrl }) => {
    const url = `${publicUrl}/reports?report=${encodeURIComponent(reportId)}`;
    const title = oneLine(fullTitle, 200);
    return {
      subject: `Your report is ready: ${oneLine(fullTitle)}`,
      text: `Hi ${name},\n\nYour ${PRODUCT_NAME} report "${title}" is ready. Open it to preview or download the PDF:\n${url}\n\n${optOut(publicUrl)}`,
      html: layout({
        title: 'Your report is ready',
        paragraphs: [html`Hi ${name},`, html`Your report <strong>${title}</strong> is ready to preview and download.`],
        action: { label: 'Open the report', url },
        footer: optOut(publicUrl),
      }),
    };
  },
});

export const reportFailed = template<{ name: string; title: string; tokens: number }>({
  about: 'A member\u2019s report could not be written and its tokens came back; always sent.',
  sample: { name: 'Asha Rao', title: 'A self-cleaning solar panel coating', tokens: 1200 },
  render: ({ name, title: fullTitle, tokens: held }, { publicUrl }) => {
    const url = `${publicUrl}/reports`;
    const contact = `${publicUrl}/contact`;
    const title = oneLine(fullTitle, 200);
    const released = `The ${formatTokens(held)} tokens held for it have been returned to your balance.`;
    return {
      subject: `Your report could not be generated: ${oneLine(fullTitle)}`,
      // Sent from a no-reply address: the way to reach us is the contact form, not a reply.
      text: `Hi ${name},\n\nWe could not generate your ${PRODUCT_NAME} report "${title}". ${released}\n\nYou can start it again from your dashboard:\n${url}\n\nIf it fails again, tell us through the contact form and we will look into it:\n${contact}`,
      html: layout({
        title: 'Your report could not be generated',
        paragraphs: [
          html`Hi ${name},`,
          html`We could not generate your report <strong>${title}</strong>. ${released}`,
          html`If it fails again, tell us through the ${link(contact, 'contact form')} and we will look into it.`,
        ],
        action: { label: 'Go to your reports', url },
        footer: 'You receive this email because it concerns tokens you paid for a report.',
      }),
    };
  },
});

export const tokensExpiring = template<{ name: string; lots: Array<{ remaining: number; expiresAt: Date }> }>({
  about: 'A member\u2019s tokens expire within the notice period (the member may turn it off).',
  sample: {
    name: 'Asha Rao',
    lots: [
      { remaining: 800, expiresAt: new Date('2026-12-12T00:00:00Z') },
      { remaining: 2000, expiresAt: new Date('2027-01-05T00:00:00Z') },
    ],
  },
  render: ({ name, lots }, { publicUrl }) => {
    const total = lots.reduce((s, l) => s + l.remaining, 0);
    const first = lots.reduce((a, l) => (l.expiresAt < a ? l.expiresAt : a), lots[0]!.expiresAt);
    const lines = lots.map((l) => `${formatTokens(l.remaining)} tokens expire on ${day(l.expiresAt)}`);
    const url = `${publicUrl}/reports`;
    return {
      subject: `${formatTokens(total)} of your ${PRODUCT_NAME} tokens expire on ${day(first)}`,
      text: `Hi ${name},\n\n${lines.join('\n')}.\n\nUse them for a report before then:\n${url}\n\n${optOut(publicUrl)}`,
      html: layout({
        title: 'Your tokens expire soon',
        paragraphs: [
          html`Hi ${name},`,
          html`${lines.map((l, i) => html`${i ? html`<br />` : ''}${l}`)}.`,
          html`Use them for a report before then.`,
        ],
        action: { label: 'Generate a report', url },
        footer: optOut(publicUrl),
      }),
    };
  },
});
