import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createAdapters } from '../src/adapters/create-adapters.ts';
import { buildApp } from '../src/app.ts';
import { startBackgroundWork } from '../src/background.ts';
import { loadConfig } from '../src/config/env.ts';
import type { Db } from '../src/db/client.ts';
import type { Deps } from '../src/deps.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { reportQueueSpec } from '../src/modules/reports/index.ts';
import { startTestSmtp } from './smtp-server.ts';
import { createTestDb } from './test-db.ts';

export type TestEnv = Record<string, string>;

/**
 * The real app, wired as production wires it (createAdapters, the job queue), on a fresh
 * database, with a real SMTP server on loopback and a temporary DATA_DIR.
 * Password hashing is cheaper than production so suites stay fast; the algorithm is the same.
 */
export async function createTestApp(env: TestEnv = {}, options: { webDistDir?: string } = {}) {
  const smtp = await startTestSmtp();
  const db: Db = await createTestDb();
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
  const queue = await createJobQueue(db, [reportQueueSpec(config.REPORT_JOB_RETRY_LIMIT)], { supervise: false });
  const deps: Deps = { config, db, log, queue, ...createAdapters(config, log) };
  const app = await buildApp(deps, { logger: log, ...options });
  await app.ready();
  let stopBackground: (() => void) | undefined;
  return {
    app,
    db,
    smtp,
    config,
    deps,
    /** Starts the report worker in this process, as `npm start` does. */
    async startWorker(overrides: Partial<Deps> = {}) {
      stopBackground = await startBackgroundWork({ ...deps, ...overrides });
    },
    async close() {
      stopBackground?.();
      await app.close();
      await queue.stop();
      deps.mailer.close?.();
      await smtp.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
