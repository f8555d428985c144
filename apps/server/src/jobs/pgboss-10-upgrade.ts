import type { Db, Queryable } from '../db/client.ts';

/**
 * pg-boss 11 rewrote its tables, and neither 11 nor 12 migrates a schema pg-boss 10 made (its
 * schema version 24): pg-boss 12 refuses to start on one, and pg-boss's notes for 11 say to move
 * the waiting jobs across. A database the server built before decision 237 is upgraded here, once:
 * 1. before pg-boss starts, its old schema is renamed aside, so pg-boss installs its own;
 * 2. once our queues exist, the old schema's waiting jobs are queued again through pg-boss
 *    (`insert`, the caller's) and the old schema is dropped, in one transaction, so a crash
 *    between the two neither loses nor doubles a job.
 * Finished jobs (pg-boss keeps them a few days to look at) are not carried. Both steps hold one
 * advisory lock, so several processes starting together upgrade once. Every process of the
 * 10-era server must be stopped first: one still running would keep working on the renamed schema.
 */
const OLD_SCHEMA = 'pgboss_v10';
const FIRST_REWRITTEN_VERSION = 25;
const LOCK = `SELECT pg_advisory_xact_lock(hashtext('assay:pgboss-10-upgrade'))`;

/**
 * Read from the catalog table, not to_regclass(): after waiting for the lock, a statement's fresh
 * snapshot sees what the process that held it committed, a cached name lookup may not.
 */
const hasTable = async (q: Queryable, schema: string, table: string) =>
  (
    await q.query(`SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2`, [
      schema,
      table,
    ])
  ).rows.length > 0;

export async function setAsidePgBoss10Schema(db: Db, schema: string): Promise<boolean> {
  if (!(await hasTable(db, schema, 'version'))) return false;
  return db.transaction(async (tx) => {
    await tx.query(LOCK);
    // Again under the lock: another process may have set it aside a moment ago.
    if (!(await hasTable(tx, schema, 'version'))) return false;
    const version = (await tx.query<{ version: number }>(`SELECT version FROM ${schema}.version`)).rows[0]?.version;
    if (version === undefined || version >= FIRST_REWRITTEN_VERSION) return false;
    await tx.query(`ALTER SCHEMA ${schema} RENAME TO ${OLD_SCHEMA}`);
    return true;
  });
}

export interface CarriedJob {
  data: object;
  singletonKey?: string;
  startAfter: Date;
}

/** Jobs of queues not in `queues` (none the server ever declared) are left behind and counted. */
export async function carryOverPgBoss10Jobs(
  db: Db,
  queues: string[],
  insert: (tx: Queryable, name: string, jobs: CarriedJob[]) => Promise<void>,
): Promise<{ carried: number; dropped: number } | undefined> {
  if (!(await hasTable(db, OLD_SCHEMA, 'job'))) return undefined;
  return db.transaction(async (tx) => {
    await tx.query(LOCK);
    if (!(await hasTable(tx, OLD_SCHEMA, 'job'))) return undefined;
    const waiting = await tx.query<{ name: string; data: object | null; singleton_key: string | null; start_after: Date }>(
      `SELECT name, data, singleton_key, start_after FROM ${OLD_SCHEMA}.job
        WHERE state IN ('created', 'retry', 'active') ORDER BY created_on`,
    );
    const byQueue = new Map<string, typeof waiting.rows>();
    for (const row of waiting.rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row]);
    let carried = 0;
    for (const [name, rows] of byQueue) {
      if (!queues.includes(name)) continue;
      // A job that was active belonged to a process that is gone: it runs again (handlers are idempotent).
      await insert(
        tx,
        name,
        rows.map((row) => ({
          data: row.data ?? {},
          startAfter: row.start_after,
          ...(row.singleton_key ? { singletonKey: row.singleton_key } : {}),
        })),
      );
      carried += rows.length;
    }
    await tx.query(`DROP SCHEMA ${OLD_SCHEMA} CASCADE`);
    return { carried, dropped: waiting.rows.length - carried };
  });
}
