import type { FastifyBaseLogger } from 'fastify';
import { createAdapters } from './adapters/create-adapters.ts';
import { probeEvidenceSources } from './adapters/evidence/server-evidence.ts';
import { configWarnings, type Config } from './config/env.ts';
import { openDb, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { limitPasswordHashing } from './lib/passwords.ts';
import { queueSpecs } from './job-catalog.ts';

/**
 * Everything a process needs, built once from configuration: the database (migrated), the
 * adapters and the job queue. `supervise` runs the queue's maintenance (expiring lost jobs).
 */
export async function createRuntime(
  config: Config,
  log: FastifyBaseLogger,
  opts: { supervise: boolean; /** An open database to use (tests); else one from the config. */ db?: Db },
) {
  for (const warning of configWarnings(config)) log.warn(warning);
  limitPasswordHashing({ concurrency: config.PASSWORD_HASH_CONCURRENCY, queue: config.PASSWORD_HASH_QUEUE });
  const db =
    opts.db ??
    (await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS }));
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const queue = await createJobQueue(db, queueSpecs(config), { supervise: opts.supervise });
  const deps: Deps = { config, db, log, queue, ...createAdapters(config, log, db) };
  try {
    await probeEvidenceSources(deps.reportPorts.evidence, log, config.EVIDENCE_TIMEOUT_MS);
  } catch (err) {
    await queue.stop();
    await deps.evidenceUsage.flush();
    if (!opts.db) await db.close();
    throw err;
  }
  return {
    deps,
    async close() {
      await queue.stop();
      await deps.evidenceUsage.flush();
      deps.mailer.close?.();
      await db.close();
    },
  };
}
