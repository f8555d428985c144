import { mkdirSync, writeFileSync } from 'node:fs';
import { open as openFile, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * The embedded default: each message becomes a real RFC 822 .eml file under DATA_DIR/mail,
 * and its one-time code is printed, so a newcomer can finish signup with no mail server.
 */
export function createDevMailbox(dir: string, from: string, log: { info: (obj: object, msg: string) => void }): Mailer {
  // nodemailer loads with the first message, not at start (decision 124).
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  mkdirSync(dir, { recursive: true });
  const safeName = (to: string) => to.replace(/[^a-z0-9@._-]/gi, '_');
  return {
    async forget(address) {
      // The file name carries a sanitised address (two addresses may share it), so the
      // message's own To header decides.
      const wanted = address.toLowerCase();
      const suffix = `-${safeName(address)}.eml`.toLowerCase();
      let removed = 0;
      for (const name of await readdir(dir)) {
        if (!name.toLowerCase().endsWith(suffix)) continue;
        const file = path.join(dir, name);
        const head = await readHead(file);
        const to = /^To: (.*)$/m.exec(head)?.[1]?.toLowerCase() ?? '';
        if (!to.split(',').some((a) => a.trim().replace(/^.*<(.*)>$/, '$1') === wanted)) continue;
        await unlink(file);
        removed += 1;
      }
      return removed;
    },
    async send({ to, subject, text, html, code, attachments }) {
      const info = await (await open()).sendMail({ from, to, subject, text, html, attachments });
      const safeTo = safeName(to);
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to, subject, file, ...(code ? { code } : {}) }, 'dev mailbox: message written');
    },
  };
}

/** The start of a message: its headers. */
async function readHead(file: string): Promise<string> {
  const fh = await openFile(file, 'r');
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return (
      buf
        .subarray(0, bytesRead)
        .toString('utf8')
        .split(/\r?\n\r?\n/)[0] ?? ''
    );
  } finally {
    await fh.close();
  }
}
