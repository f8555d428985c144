import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config/env.ts';
import type { Db } from '../src/db/client.ts';
import type { Deps } from '../src/deps.ts';
import { sweepQueueSpec, type SweepDefinition } from '../src/jobs/job-definition.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { startSweeps } from '../src/run-workers.ts';

export const sweepConfig = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) });

/** What a test sweep runs with: a worker process's queue and database, and which process it is. */
export type SweepProcess = Pick<Deps, 'config' | 'log' | 'db' | 'queue'> & { id: string; errors: string[] };

/**
 * A worker process as far as sweeps go: its own job queue on `db` (with the sweeps' queues) and
 * its sweeps started. `cleanups` gets what undoes it, to run last first.
 */
export async function startSweepProcess(
  db: Db,
  list: Array<SweepDefinition<SweepProcess>>,
  cleanups: Array<() => Promise<unknown>>,
  id = 'a',
) {
  const queue = await createJobQueue(
    db,
    list.map((sweep) => sweepQueueSpec(sweep, sweepConfig)),
    { supervise: false },
  );
  cleanups.push(() => queue.stop());
  const errors: string[] = [];
  const log = {
    error: (_obj: unknown, msg: string) => errors.push(msg),
    warn: () => undefined,
    info: () => undefined,
  } as unknown as FastifyBaseLogger;
  const proc: SweepProcess = { config: sweepConfig, log, db, queue, id, errors };
  const stop = await startSweeps(proc, list);
  cleanups.push(stop);
  return { proc, stop };
}

/** How many jobs of `name` pg-boss stored in each slot, and in what states. */
export async function sweepSlots(db: Db, name: string) {
  const { rows } = await db.query<{ slot: string | null; jobs: number; states: string[] }>(
    `SELECT singleton_on::text AS slot, count(*)::int AS jobs, array_agg(state::text ORDER BY state) AS states
       FROM pgboss.job WHERE name = $1 GROUP BY 1 ORDER BY 1`,
    [name],
  );
  return rows;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(25);
  }
}
