import { createLlm } from '@assay/report-engine';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { createGoogleVerifier } from './google/google-verifier.ts';
import { createServerEvidence } from './evidence/server-evidence.ts';
import { createDevMailbox } from './mail/dev-mailbox.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import { createPaymentProvider } from './payments/create-payment-provider.ts';
import { createFilesystemStore } from './storage/filesystem-store.ts';
import { createS3Store } from './storage/s3-store.ts';

/** Production adapters when configured, embedded defaults otherwise. */
export function createAdapters(config: Config, log: FastifyBaseLogger, db: Db) {
  const evidence = createServerEvidence(config, log, db);
  return {
    mailer: config.SMTP_URL
      ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : createDevMailbox(path.join(config.DATA_DIR, 'mail'), config.MAIL_FROM, log),
    google: createGoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL),
    blobs: config.S3_BUCKET
      ? createS3Store({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
          prefix: config.S3_PREFIX,
        })
      : createFilesystemStore(path.join(config.DATA_DIR, 'files')),
    payments: createPaymentProvider(config, db),
    reportPorts: {
      llm: createLlm({
        provider: config.LLM_PROVIDER,
        baseUrl: config.LLM_BASE_URL,
        apiKey: config.LLM_API_KEY,
        model: config.LLM_MODEL,
        timeoutMs: config.LLM_TIMEOUT_MS,
        maxRetries: config.LLM_MAX_RETRIES,
        stream: config.LLM_STREAM,
        structuredOutput: config.LLM_STRUCTURED_OUTPUT,
      }),
      evidence: evidence.sources,
    },
    evidenceUsage: evidence.usage,
  };
}
