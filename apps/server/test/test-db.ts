import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Db } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh, migrated database of the kind this test project runs on (`url`: a PostgreSQL one's address). */
export async function createTestDb(): Promise<Db & { url?: string }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `assay_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = openPostgres(url, 1);
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.close();
    const db = openPostgres(withDatabase(url, name), 20);
    return {
      ...db,
      url: withDatabase(url, name),
      close: async () => {
        await db.close();
        const a = openPostgres(url, 1);
        await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.close();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  return openPglite(undefined, new Blob([dump]));
}
