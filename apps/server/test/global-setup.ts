import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { loadConfig } from '../src/config/env.ts';
import { queueSpecs } from '../src/job-catalog.ts';

/** The job queue's own schema is part of the template too. */
async function prepare(db: Db) {
  await migrate(db);
  const queue = await createJobQueue(db, queueSpecs(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) })), { supervise: false });
  await queue.stop();
}

/**
 * Migrates once per run, then every test file starts from a copy: a PGlite data-dir dump,
 * or a PostgreSQL template database (CREATE DATABASE … TEMPLATE is fast).
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = `assay_tmpl_${process.pid}`;
    const admin = openPostgres(url, 1);
    await admin.exec(`DROP DATABASE IF EXISTS ${template}`);
    await admin.exec(`CREATE DATABASE ${template}`);
    const db = openPostgres(withDatabase(url, template), 1);
    await prepare(db);
    await db.close();
    project.provide('pgTemplate', template);
    return async () => {
      const r = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `assay_t_${process.pid}_%`,
      ]);
      for (const { datname } of r.rows) await admin.exec(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.exec(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.close();
    };
  }
  const db = await openPglite();
  await prepare(db);
  const dump = await db.pglite!.dumpDataDir('gzip');
  await db.close();
  const file = path.join(os.tmpdir(), `assay-pglite-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return undefined;
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}
