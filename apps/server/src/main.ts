import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loggerOptions } from './lib/logger-options.ts';
import { startWorkers } from './run-workers.ts';
import { ConfigError, loadConfigOrExit } from './config/env.ts';
import { ensureFirstOperator } from './modules/operators/index.ts';
import { createRuntime } from './runtime.ts';

/** All-in-one entry (`npm start`): migrations, API, web app and an in-process report worker. */
async function main() {
  const config = loadConfigOrExit();
  const log = pino(loggerOptions(config.LOG_LEVEL));
  const runtime = await createRuntime(config, log, { supervise: config.IN_PROCESS_WORKER });
  const { deps } = runtime;
  await ensureFirstOperator(deps);

  const webDistDir = config.WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const app = await buildApp(deps, { logger: log, webDistDir });
  const stopBackground = config.IN_PROCESS_WORKER ? await startWorkers(deps) : async () => undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    await stopBackground();
    await app.close();
    await runtime.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(
    `Assay is running on ${config.PUBLIC_URL} (database: ${deps.db.kind}${deps.db.kind === 'pglite' ? ` in ${config.DATA_DIR}` : ''}; mail: ${config.SMTP_URL ? 'SMTP' : `dev mailbox in ${config.DATA_DIR}/mail`}; reports: ${deps.reportPorts.llm?.provider ?? 'offline'}, evidence: ${config.EVIDENCE_SOURCES.join('+') || 'none'}${config.IN_PROCESS_WORKER ? ', worker in-process' : ''})`,
  );
}

main().catch((err) => {
  // A key refused at start-up is a configuration problem: its list, not a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
