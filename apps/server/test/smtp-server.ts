import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The first 6-digit code in the message, if any. */
  code: string | undefined;
  /** The key of a code mail's link (decision 160), if any. */
  key: string | undefined;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startTestSmtp() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failNext > 0) {
          failNext--;
          return callback(new Error('mailbox unavailable'));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          code: /\b(\d{6})\b/.exec(subject)?.[1] ?? /\b(\d{6})\b/.exec(raw)?.[1],
          // Quoted-printable: soft line breaks and `=3D` undone before reading the link.
          key: /[#&]key=([A-Za-z0-9_-]{16,64})/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1],
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    received,
    /** Makes the next n deliveries fail, as a down mail server would. */
    failNext(n: number) {
      failNext = n;
    },
    /** Waits for the latest message to an address (mail may be sent after the response). */
    async lastTo(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter((m) => m.to.includes(address)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
