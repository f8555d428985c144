import { mkdirSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
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
  /**
   * LISTEN on a channel: `onMessage` gets each payload. `onListening(false)` says notifications
   * may be missed from now on (the listening connection was lost); `onListening(true)` that they
   * arrive again (after a reconnect). Resolves once listening, or once the first try failed.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
  /** The underlying PGlite, for tools that need it (job queue adapter). */
  readonly pglite?: PGlite;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onListening(listening: boolean): void;
}

const INT8_OID = 20;
// Counts and sums fit comfortably in a double; every layer sees plain numbers.
pg.types.setTypeParser(INT8_OID, (v) => Number(v));

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // Trigram indexes for substring search (migration 050), one of them per member (migration 240).
    extensions: { pg_trgm, btree_gin },
    // PostgreSQL's default 128 MB of shared buffers is most of an idle process's memory, and an
    // embedded site's working set is far smaller; reads past it come from the file cache.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    parsers: { [INT8_OID]: (v: string) => Number(v) },
  });
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<R>(text: string, params?: unknown[]) {
      const r = await q.query<R>(text, params as unknown[] | undefined);
      // PGlite runs a statement in this thread and settles its promise without a turn of the
      // event loop, so a request running statement after statement (an export's pages) never
      // let another in: a 100,000-message CSV held every other request for its whole 2 s.
      // One turn after each statement lets waiting requests in between (decision 252).
      await setImmediate();
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
    // One process owns the database: notifications cannot be missed while it is open.
    async listen(channel, handlers) {
      const stop = await db.listen(channel, (payload) => handlers.onMessage(payload));
      handlers.onListening(true);
      return { close: () => stop() };
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
      const r: pg.QueryResult | pg.QueryResult[] = await c.query(text, params);
      // A parameterless script of several statements (pg-boss's) answers one result per statement:
      // all their rows, so a RETURNING before its COMMIT is not lost.
      if (Array.isArray(r))
        return { rows: r.flatMap((one) => one.rows ?? []) as R[], rowCount: r.reduce((n, one) => n + (one.rowCount ?? 0), 0) };
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
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

/**
 * A connection of its own (a pooled one would stop listening when released), opened again
 * after a loss: a second, then up to 10 s later each time. While it is down, `onListening(false)`.
 */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 1000;
  let timer: NodeJS.Timeout | undefined;
  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => undefined);
    handlers.onListening(false);
    if (err) console.warn(`postgres: listening for ${channel} lost (${err.message}); retrying`);
    if (!closed) timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (n) => handlers.onMessage(n.payload ?? ''));
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (closed || client !== c) return;
      retryMs = 1000;
      handlers.onListening(true);
    } catch (err) {
      lost(c, err as Error);
    }
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

export async function openDb(opts: { databaseUrl?: string; dataDir: string; statementTimeoutMs?: number }): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, opts.statementTimeoutMs)
    : openPglite(`${opts.dataDir.replace(/\/$/, '')}/pgdata`);
}
