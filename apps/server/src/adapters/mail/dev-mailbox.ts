import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * The embedded default: each message becomes a real RFC 822 .eml file under DATA_DIR/mail,
 * and its one-time code is printed, so a newcomer can finish signup with no mail server.
 */
export function createDevMailbox(
  dir: string,
  from: string,
  log: { info: (obj: object, msg: string) => void },
): Mailer {
  // nodemailer loads with the first message, not at start (decision 124).
  let transport: Promise<Transporter> | undefined;
  const open = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })));
  mkdirSync(dir, { recursive: true });
  return {
    async send({ to, subject, text, html, code, attachments }) {
      const info = await (await open()).sendMail({ from, to, subject, text, html, attachments });
      const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to, subject, file, ...(code ? { code } : {}) }, 'dev mailbox: message written');
    },
  };
}
