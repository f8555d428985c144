import pino from 'pino';
import { loggerOptions } from './lib/logger-options.ts';
import { startWorkers } from './run-workers.ts';
import { ConfigError, loadConfigOrExit } from './config/env.ts';
import { createRuntime } from './runtime.ts';

/**
 * Standalone worker (`npm run worker`) for scale-out: run any number beside API servers
 * started with IN_PROCESS_WORKER=false, all sharing DATABASE_URL (and S3 for files).
 */
async function worker() {
  const config = loadConfigOrExit();
  const log = pino(loggerOptions(config.LOG_LEVEL));
  if (!config.DATABASE_URL) log.warn('no DATABASE_URL: a standalone worker on PGlite cannot share the queue with a server');
  const runtime = await createRuntime(config, log, { supervise: true });
  const stop = await startWorkers(runtime.deps);
  const shutdown = async () => {
    await stop();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

worker().catch((err) => {
  // A key refused at start-up is a configuration problem: its list, not a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
