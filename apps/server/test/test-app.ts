import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { ensureFirstOperator } from '../src/modules/operators/index.ts';
import { startWorkers } from '../src/run-workers.ts';
import { loadConfig } from '../src/config/env.ts';
import { openPostgres, type Db } from '../src/db/client.ts';
import { createRuntime } from '../src/runtime.ts';
import { startTestSmtp } from './smtp-server.ts';
import { createTestDb } from './test-db.ts';

export type TestEnv = Record<string, string>;

/**
 * The real app, wired as production wires it (createRuntime), on a fresh
 * database, with a real SMTP server on loopback and a temporary DATA_DIR.
 * Password hashing is cheaper than production so suites stay fast; the algorithm is the same.
 */
export async function createTestApp(
  env: TestEnv = {},
  options: {
    webDistDir?: string;
    /** Another server process on the same PostgreSQL database as this one (its own connections). */
    sameDatabaseAs?: TestApp;
  } & Pick<BuildAppOptions, 'sitemapLimits'> = {},
) {
  const smtp = await startTestSmtp();
  const db: Db & { url?: string } = options.sameDatabaseAs ? sharedDb(options.sameDatabaseAs) : await createTestDb();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'postgres://unused.invalid/x',
    JWT_SECRET: 'test-secret-test-secret-test-secret-123',
    PASSWORD_HASH_COST: '12',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const runtime = await createRuntime(config, log, { supervise: false, db });
  const { deps } = runtime;
  const app = await buildApp(deps, {
    logger: log,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.sitemapLimits ? { sitemapLimits: options.sitemapLimits } : {}),
  });
  await app.ready();
  let stopBackground: (() => Promise<void>) | undefined;
  return {
    app,
    db,
    smtp,
    config,
    deps,
    /** Starts the report worker in this process, as `npm start` does. */
    async startWorker() {
      stopBackground = await startWorkers(deps);
    },
    async close() {
      await stopBackground?.();
      await app.close();
      await runtime.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** New connections to another test app's database; closing them leaves the database to its owner. */
function sharedDb(other: TestApp): Db {
  if (!other.db.url) throw new Error('only a PostgreSQL test database can be shared by two apps');
  return openPostgres(other.db.url, 20);
}

/** A test app whose first operator is created from these credentials, as the server does at start. */
export async function createOperatorTestApp(
  admin: { username: string; password: string },
  env: TestEnv = {},
  options?: Parameters<typeof createTestApp>[1],
) {
  const t = await createTestApp({ ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, ...env }, options);
  await ensureFirstOperator({ db: t.db, config: t.config, log: t.app.log });
  return t;
}
