import { fromPglite, PgBoss, type ConstructorOptions, type Db as BossDb, type JobWithMetadata, type SendOptions } from 'pg-boss';
import type { Db, Queryable } from '../db/client.ts';
import { createInFlight } from '../lib/in-flight.ts';
import { carryOverPgBoss10Jobs, setAsidePgBoss10Schema } from './pgboss-10-upgrade.ts';

/**
 * Jobs live in PostgreSQL (pg-boss), so the API and any number of workers on other machines
 * share one queue. Enqueueing takes the caller's transaction: a job exists only if the
 * transaction that created it committed.
 */
export interface JobQueue {
  /** The payload is checked against the job's declaration before it is stored. */
  enqueue<P extends object>(tx: Queryable, job: Enqueueable<P>, data: P, options?: EnqueueOptions): Promise<string | null>;
  /**
   * Runs handler for jobs of `name`, at most `concurrency` at once in this process. A job queued
   * anywhere in the cluster wakes the workers at once (PostgreSQL's LISTEN/NOTIFY, sent when the
   * queuing transaction commits); they also look every `pollSeconds` for what no notification
   * announces (a retry's delay or a start time that has come, a notification lost while the
   * listening connection was down): 2 s unless told, half a second while not listening. Returns a
   * function that stops this process taking jobs of `name` and resolves once the ones it took are done.
   */
  work<T extends object>(
    name: string,
    concurrency: number,
    handler: (job: QueuedJob<T>) => Promise<void>,
    options?: { pollSeconds?: number },
  ): Promise<() => Promise<void>>;
  /**
   * Deletes the jobs of `name` whose payload `field` equals `value`, waiting or done (pg-boss
   * keeps finished jobs a while): account deletion forgets the mail queued for an address.
   */
  forget(tx: Queryable, name: string, field: string, value: string): Promise<number>;
  /** The jobs of `name` whose payload contains `match`, in every state pg-boss still keeps. */
  find(tx: Queryable, name: string, match: Record<string, string>): Promise<FoundJob[]>;
  /** Cancels jobs of `name` not yet finished (waiting or running): none of them is run or retried. */
  cancel(tx: Queryable, name: string, ids: string[]): Promise<void>;
  stop(): Promise<void>;
}

export interface FoundJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** When a worker last fetched it (null: never). */
  startedOn: Date | null;
}

export interface EnqueueOptions {
  /**
   * A key stored with the job. On our (standard) queues pg-boss refuses a second job with the
   * same key only within a `singletonSeconds` slot; alone, the key labels the job and a duplicate
   * is stored (its handler must be idempotent).
   */
  singletonKey?: string;
  /** Not before this time (a scheduled post's publication). */
  startAfter?: Date;
  /**
   * At most one job of `name` and `singletonKey` per slot of this many seconds (slots are counted
   * on the database's clock from the epoch), whatever became of it, for as long as the queue keeps
   * it: a second one in the same slot is not stored. The queue must keep finished jobs at least
   * this long (`deleteAfterSeconds`). Sweeps use it to be queued once per period by a cluster.
   */
  singletonSeconds?: number;
}

/** What enqueueing needs of a job definition (see job-definition.ts). */
export interface Enqueueable<P> {
  name: string;
  payload: { parse(data: unknown): P };
}

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** How many times this job has been retried before this attempt. */
  retryCount: number;
  retryLimit: number;
}

export interface QueueSpec {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still active after this long is taken as lost (its worker vanished) and retried. */
  expireInSeconds: number;
  /** How long a finished job is kept (pg-boss's default when unset: 7 days). */
  deleteAfterSeconds?: number;
}

type SqlRunner = Pick<BossDb, 'executeSql' | 'listen'>;

/**
 * pg-boss runs on our connection: PostgreSQL through the caller's pool or transaction, PGlite
 * through pg-boss's own adapter, which sends its parameterless multi-statement scripts through
 * exec() and keeps every statement's rows (a RETURNING before a COMMIT) - a transaction of ours
 * on PGlite is an ordinary Queryable.
 */
function sqlRunner(q: Queryable, db: Db): SqlRunner {
  if (db.pglite && q === db) return fromPglite(db.pglite);
  return {
    executeSql: (text, values) => q.query(text, values),
    // pg-boss's listener (the whole database's, not a transaction's): it fetches after each (re)subscribe, which closes any gap.
    ...(q === db
      ? {
          listen: (channel: string, onNotification: (payload: string) => void, onReconnect: () => void) =>
            db.listen(channel, { onMessage: onNotification, onListening: (up) => up && onReconnect() }),
        }
      : {}),
  };
}

/**
 * The queue's own statements are tracked so stop() returns only after they settle: closing the
 * pool under them would lose the write and reject with nobody listening. pg-boss 10 marked a job
 * completed without awaiting the write; 12 awaits it inside its worker and its graceful stop
 * waits for its workers, but only up to its timeout, and its maintenance and monitoring timers
 * issue statements of their own - the tracking keeps the guarantee whatever pg-boss does inside.
 */
export function trackedRunner(runner: SqlRunner) {
  const statements = createInFlight();
  let closed = false;
  return {
    ...(runner.listen ? { listen: runner.listen.bind(runner) } : {}),
    // A statement pg-boss issues after stop() has finished (a handler that outlived stop's timeout
    // completing its job) would reach a closed pool and reject with nobody listening. It is
    // dropped instead: never sent and never answered (an empty answer is no better, pg-boss reads
    // a count from it and throws, unawaited). The job is then expired and run again (every
    // handler is idempotent), as if the process had stopped a moment earlier.
    executeSql: (text: string, values?: unknown[]) =>
      closed ? new Promise<never>(() => {}) : statements.track(runner.executeSql(text, values)),
    async close() {
      await statements.settled();
      closed = true;
    },
  };
}

export async function createJobQueue(db: Db, queues: QueueSpec[], options: { supervise: boolean }): Promise<JobQueue> {
  const runner = trackedRunner(sqlRunner(db, db));
  const handling = createInFlight();
  const schema = 'pgboss';
  await setAsidePgBoss10Schema(db, schema);
  await createSchemaOnce(db, schema);
  const boss = new PgBoss({
    db: runner,
    backend: db.pglite ? 'pglite' : 'postgres',
    schema,
    supervise: options.supervise,
    schedule: false,
    // Maintenance (expiring lost jobs) runs in supervising processes only.
    maintenanceIntervalSeconds: 30,
    // A queued job wakes the workers at once instead of at their next look: reports and mail start
    // sooner, and an idle process no longer asks every queue twice a second (9 % of a core).
    useListenNotify: true,
  } satisfies ConstructorOptions);
  boss.on('error', (err) => console.error('job queue error', err));
  await boss.start();
  for (const q of queues) {
    const settings = {
      name: q.name,
      retryLimit: q.retryLimit,
      retryDelay: q.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: q.expireInSeconds,
      notify: true,
      ...(q.deleteAfterSeconds !== undefined ? { deleteAfterSeconds: q.deleteAfterSeconds } : {}),
    };
    // createQueue leaves an existing queue as it was: apply changed settings explicitly.
    if (await boss.getQueue(q.name)) await boss.updateQueue(q.name, settings);
    else await boss.createQueue(q.name, settings);
  }
  const upgraded = await carryOverPgBoss10Jobs(
    db,
    queues.map((q) => q.name),
    async (tx, name, jobs) => {
      await boss.insert(name, jobs, { db: sqlRunner(tx, db) });
    },
  );
  if (upgraded)
    console.warn(
      `job queue: moved ${upgraded.carried} waiting jobs from pg-boss 10's schema (${upgraded.dropped} of unknown queues left behind)`,
    );
  return {
    async enqueue(tx, job, data, opts) {
      const send: SendOptions = {
        db: sqlRunner(tx, db),
        ...(opts?.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts?.startAfter ? { startAfter: opts.startAfter } : {}),
        ...(opts?.singletonSeconds ? { singletonSeconds: opts.singletonSeconds } : {}),
      };
      return boss.send(job.name, job.payload.parse(data), send);
    },
    async work<T extends object>(
      name: string,
      concurrency: number,
      handler: (job: QueuedJob<T>) => Promise<void>,
      options?: { pollSeconds?: number },
    ) {
      // `concurrency` polling workers, each running one job at a time, one job per fetch.
      const id = await boss.work<T>(
        name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: 0.5,
          notifyPollingIntervalSeconds: options?.pollSeconds ?? 2,
          localConcurrency: concurrency,
        },
        (jobs) => {
          return handling.track(
            (async () => {
              for (const job of jobs as Array<JobWithMetadata<T>>) {
                await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
              }
            })(),
          );
        },
      );
      // The job under way is finished (and marked so) before this resolves.
      return () => boss.offWork(name, { id, wait: true });
    },
    // Through pg-boss's own calls, never its tables: those are pg-boss's to change between versions.
    async forget(tx, name, field, value) {
      const conn = { db: sqlRunner(tx, db) };
      let deleted = 0;
      for (;;) {
        const found = await boss.findJobs(name, { ...conn, data: { [field]: value }, limit: 1000 });
        if (!found.length) return deleted;
        // pg-boss answers { requested, affected }; its typings declare the answer empty.
        const { affected = 0 } = (await boss.deleteJob(
          name,
          found.map((job) => job.id),
          conn,
        )) as { affected?: number };
        if (!affected) return deleted; // nothing more it can delete: do not loop for ever
        deleted += affected;
      }
    },
    async find(tx, name, match) {
      const found = await boss.findJobs(name, { db: sqlRunner(tx, db), data: match, limit: 1000 });
      return found.map((job) => ({ id: job.id, state: job.state, startedOn: job.startedOn ?? null }));
    },
    async cancel(tx, name, ids) {
      if (ids.length) await boss.cancel(name, ids, { db: sqlRunner(tx, db) });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      // A handler still running past pg-boss's wait (a loaded machine) would query a closed pool,
      // and pg-boss's un-awaited completion of it after that: wait for both.
      await handling.settled();
      await new Promise((resolve) => setImmediate(resolve));
      await runner.close();
    },
  };
}

/**
 * pg-boss creates its schema in its install, which processes starting together each run; it
 * serialises them with an advisory lock and tolerates "already exists". But the one that waited may
 * still not see the schema the other committed meanwhile, and its CREATE SCHEMA IF NOT EXISTS then
 * fails on pg_namespace's unique index: 11 of 60 two-process starts on a database pg-boss 10 left
 * (its schema renamed aside a moment before), none of 60 with the schema created here first. So the
 * schema exists before pg-boss looks, created by one process, which decides by reading the catalog
 * after our lock (a statement's fresh snapshot) rather than by IF NOT EXISTS.
 */
async function createSchemaOnce(db: Db, schema: string) {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('assay:job-queue-schema'))`);
    const exists = (await tx.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schema])).rows.length > 0;
    if (!exists) await tx.query(`CREATE SCHEMA ${schema}`);
  });
}
