import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: serialises concurrent starts of several servers. */
const MIGRATION_LOCK = 7_311_001;

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** Applies pending migrations in order, each in its own transaction. Forward only. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      // Building an index on a large table may take longer than a request's statement timeout.
      await tx.query('SET LOCAL statement_timeout = 0');
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (seen.rows.length) return false;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      // Run the script statement by statement: parameterless multi-statement queries
      // behave the same on PGlite and pg only through simple queries.
      for (const statement of splitSql(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

export async function pendingMigrations(db: Db): Promise<string[]> {
  const r = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  const applied = new Set(r.rows.map((x) => x.name));
  return migrationFiles().filter((f) => !applied.has(f));
}

/** Splits on semicolons at line ends, outside dollar-quoted bodies. */
function splitSql(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += line + '\n';
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
