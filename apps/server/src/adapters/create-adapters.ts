import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import { createGoogleVerifier } from './google/google-verifier.ts';
import { createDevMailbox } from './mail/dev-mailbox.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';

/** Production adapters when configured, embedded defaults otherwise. */
export function createAdapters(config: Config, log: FastifyBaseLogger) {
  return {
    mailer: config.SMTP_URL
      ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : createDevMailbox(path.join(config.DATA_DIR, 'mail'), config.MAIL_FROM, log),
    google: createGoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL),
  };
}
