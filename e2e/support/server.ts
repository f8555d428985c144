import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { adminExec, withDatabase } from './postgres.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  /** The server's process id. */
  pid: number;
  dataDir: string;
  logs: () => string;
  /** The newest message in the dev mailbox to this address (whose subject matches, if given), as raw RFC 822 text. */
  readMail: (to: string, timeoutMs?: number, subject?: RegExp) => Promise<{ raw: string; code: string | undefined }>;
  stop: () => Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by support/database-template.ts, the e2e project's global setup. */
    e2eDataTemplate: string;
    /** The PostgreSQL template database ('' without TEST_DATABASE_URL). */
    e2ePgTemplate: string;
  }
}

/** What the e2e global setup prepared (support/database-template.ts), if this runs under it. */
function provided(key: 'e2eDataTemplate' | 'e2ePgTemplate'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined; // outside a vitest run (a script using this helper): start from nothing
  }
}

/** A PostgreSQL database of this server's own, copied from the migrated template. */
async function copyPgTemplate(template: string) {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await adminExec(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { url: withDatabase(admin, name), drop: () => adminExec(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface ServerOptions {
  hostname?: 'localhost';
  /** From an empty DATA_DIR, as a newcomer's first `npm start` (embedded, migrated at start). */
  fresh?: boolean;
  /** On the embedded database (PGlite) even when the run has a PostgreSQL server. */
  embedded?: boolean;
}

/**
 * Starts the compiled product as `npm run serve` does (dev mailbox, files in its DATA_DIR) on a
 * free port, from a copy of the database the run migrated once (as a server restarted after
 * `npm run operator -- migrate` would): a PostgreSQL database when the run has TEST_DATABASE_URL,
 * else, or with `embedded`, PGlite in the DATA_DIR as `npm start`'s default.
 */
export async function startServer(env: Record<string, string> = {}, opts: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-'));
  const pgTemplate = opts.fresh || opts.embedded ? undefined : provided('e2ePgTemplate');
  const pgDb = pgTemplate ? await copyPgTemplate(pgTemplate) : undefined;
  const template = opts.fresh || pgDb ? undefined : provided('e2eDataTemplate');
  if (template) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  // WebAuthn refuses IP addresses as its relying party: passkey tests reach the server as localhost.
  const url = `http://${opts.hostname ?? '127.0.0.1'}:${port}`;
  let output = '';
  // The compiled server `npm run build` made (apps/server/dist), run by node as `npm run serve` runs it.
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: pgDb?.url ?? '',
      SMTP_URL: '',
      GOOGLE_CLIENT_ID: '',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      PASSWORD_HASH_COST: '12',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));

  // Generous: a cold start (PGlite creating its database) on a loaded 2-core machine took over 20 s.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    pid: child.pid!,
    dataDir,
    logs: () => output,
    async readMail(to, timeoutMs = 10_000, subject) {
      const dir = path.join(dataDir, 'mail');
      const end = Date.now() + timeoutMs;
      for (;;) {
        const files = (() => {
          try {
            return readdirSync(dir)
              .filter((f) => f.endsWith('.eml'))
              .sort();
          } catch {
            return [];
          }
        })();
        const mine = files.filter((f) => {
          const raw = readFileSync(path.join(dir, f), 'utf8');
          return raw.includes(`To: ${to}`) && (!subject || subject.test(/^Subject: (.*)$/m.exec(raw)?.[1] ?? ''));
        });
        const last = mine.at(-1);
        if (last) {
          const raw = readFileSync(path.join(dir, last), 'utf8');
          return { raw, code: /^Subject: .*?(\d{6})/m.exec(raw)?.[1] };
        }
        if (Date.now() > end) throw new Error(`no mail to ${to}${subject ? ` with a subject like ${subject}` : ''} in ${dir}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
    },
  };
}
