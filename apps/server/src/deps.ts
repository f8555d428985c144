import type { ReportPorts } from '@assay/report-engine';
import type { FastifyBaseLogger } from 'fastify';
import type { GoogleVerifier } from './adapters/google/google-verifier.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { PaymentProvider } from './adapters/payments/payment-provider.ts';
import type { BlobStore } from './adapters/storage/blob-store.ts';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';

/** What use cases may use: passed in explicitly, so tests build real ones with test settings. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  google: GoogleVerifier;
  log: FastifyBaseLogger;
  queue: JobQueue;
  blobs: BlobStore;
  payments: PaymentProvider;
  /** The report engine's model (null: the offline analyst) and evidence sources. */
  reportPorts: Pick<ReportPorts, 'llm' | 'evidence'>;
  /** Where the evidence sources' usage is written (flush: wait for writes under way). */
  evidenceUsage: { flush(): Promise<void> };
}
