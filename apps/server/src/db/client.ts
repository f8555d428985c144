import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One small interface over both databases: PGlite in DATA_DIR (embedded default) and a
 * PostgreSQL server (DATABASE_URL). Use cases receive a `Queryable` so they run the same
 * inside or outside a transaction.
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement SQL script without parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** The underlying PGlite, for tools that need it (job queue adapter). */
  readonly pglite?: PGlite;
}

const INT8_OID = 20;
// Counts and sums fit comfortably in a double; every layer sees plain numbers.
pg.types.setTypeParser(INT8_OID, (v) => Number(v));

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // Trigram indexes for substring search (migration 050).
    extensions: { pg_trgm },
    parsers: { [INT8_OID]: (v: string) => Number(v) },
  });
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<R>(text: string, params?: unknown[]) {
      const r = await q.query<R>(text, params as unknown[] | undefined);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  });
  return {
    kind: 'pglite',
    pglite: db,
    ...wrap(db),
    // PGlite has one connection: its transaction() holds it, so other queries wait their turn.
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}

/**
 * `statementTimeoutMs` (0: none) ends any statement that runs longer, on every pool connection,
 * so one slow query cannot hold a connection and a request for ever (DB_STATEMENT_TIMEOUT_MS).
 */
export function openPostgres(url: string, max = 10, statementTimeoutMs = 0): Db {
  const pool = new pg.Pool({ connectionString: url, max, ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) });
  // A server restart or failover kills idle connections; without a listener that is a crash.
  // The pool drops the dead client and the next query opens a new one.
  pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R>(text: string, params?: unknown[]) {
      const r = await c.query(text, params);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

export async function openDb(opts: { databaseUrl?: string; dataDir: string; statementTimeoutMs?: number }): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, opts.statementTimeoutMs)
    : openPglite(`${opts.dataDir.replace(/\/$/, '')}/pgdata`);
}
