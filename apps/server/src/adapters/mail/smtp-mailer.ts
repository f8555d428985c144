import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Sends through any SMTP server: smtp://user:pass@host:587 or smtps://… */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  // nodemailer loads with the first message, not at start (decision 124).
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
        secure: url.protocol === 'smtps:',
        ignoreTLS: url.searchParams.get('tls') === 'off',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
        connectionTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    ));
  return {
    async send({ to, subject, text, html, attachments }) {
      await (await open()).sendMail({ from, to, subject, text, html, attachments });
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
