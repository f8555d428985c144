import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createAdapters } from './adapters/create-adapters.ts';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';

/** All-in-one entry: migrations, API, web app. `npm start` runs this. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino(loggerOptions(config.LOG_LEVEL));
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const webDistDir =
    config.WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const app = await buildApp(
    { config, db, ...createAdapters(config, log) },
    { logger: log, webDistDir },
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Assay is running on ${config.PUBLIC_URL} (database: ${db.kind}${db.kind === 'pglite' ? ` in ${config.DATA_DIR}` : ''}; mail: ${config.SMTP_URL ? 'SMTP' : `dev mailbox in ${config.DATA_DIR}/mail`})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
