import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminExec, withDatabase } from './postgres.ts';
import type { TestProject } from 'vitest/node';
import type {} from './server.ts'; // declares the provided values (ProvidedContext)

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Migrates a database as the compiled product's own `npm run operator -- migrate` does. */
function migrate(env: Record<string, string>) {
  execFileSync(process.execPath, ['apps/server/dist/operator.js', 'migrate'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The e2e project's global setup: databases migrated once by the compiled product, which every
 * test file's server starts from as a copy (support/server.ts). Creating and migrating a fresh
 * database took about 5 of the 8 seconds a server needs to start, for each of some forty servers.
 *
 * - An embedded (PGlite) data directory, always: `npm start`'s default, which the files that
 *   check the newcomer's path run on (`embedded: true`).
 * - With TEST_DATABASE_URL, a PostgreSQL template database too, which the other files' servers
 *   copy (CREATE DATABASE … TEMPLATE): the flows are the same SQL, and PostgreSQL works in its
 *   own processes where PGlite works on the server's event loop, so two browser files can share
 *   the cores (decision 246).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-template-'));
  migrate({ DATABASE_URL: '', DATA_DIR: dataDir });
  // Only the database: each server makes its own session secret, as a first start does.
  rmSync(path.join(dataDir, 'secret.key'), { force: true });
  project.provide('e2eDataTemplate', dataDir);

  const url = process.env.TEST_DATABASE_URL;
  const template = url ? `assay_e2e_tmpl_${process.pid}` : '';
  if (url) {
    await adminExec(url, `DROP DATABASE IF EXISTS ${template}`, `CREATE DATABASE ${template}`);
    // The operator CLI still wants a DATA_DIR (its files); only the database is kept.
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-pg-'));
    migrate({ DATABASE_URL: withDatabase(url, template), DATA_DIR: scratch });
    rmSync(scratch, { recursive: true, force: true });
  }
  project.provide('e2ePgTemplate', template);

  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const copies = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${template}_%`]);
    for (const { datname } of copies.rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
  };
}
