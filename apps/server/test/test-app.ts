import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createGoogleVerifier } from '../src/adapters/google/google-verifier.ts';
import { createSmtpMailer } from '../src/adapters/mail/smtp-mailer.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { Db } from '../src/db/client.ts';
import { startTestSmtp } from './smtp-server.ts';
import { createTestDb } from './test-db.ts';

export type TestEnv = Record<string, string>;

/**
 * The real app on a fresh database, with a real SMTP server on loopback.
 * Password hashing is cheaper than production so suites stay fast; the algorithm is the same.
 */
export async function createTestApp(env: TestEnv = {}) {
  const smtp = await startTestSmtp();
  const db: Db = await createTestDb();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/assay-test-unused',
    DATABASE_URL: 'postgres://unused.invalid/x',
    JWT_SECRET: 'test-secret-test-secret-test-secret-123',
    PASSWORD_HASH_COST: '12',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const mailer = createSmtpMailer(smtp.url, config.MAIL_FROM);
  const google = createGoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL);
  const app = await buildApp({ config, db, mailer, google }, { logger: log });
  await app.ready();
  return {
    app,
    db,
    smtp,
    config,
    async close() {
      await app.close();
      mailer.close?.();
      await smtp.close();
      await db.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
