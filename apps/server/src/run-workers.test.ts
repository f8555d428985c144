import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/test-db.ts';
import { sleep, startSweepProcess, sweepSlots, until, type SweepProcess } from '../test/sweep-process.ts';
import { defineSweep } from './jobs/job-definition.ts';

/**
 * Sweeps as queued jobs (decision 243), on the database this project runs on: the embedded one
 * (PGlite, one process) or PostgreSQL. Two processes on one PostgreSQL database:
 * run-workers.pg.test.ts.
 */
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database() {
  const db = await createTestDb();
  cleanups.push(() => db.close());
  return db;
}

describe(`sweeps on ${process.env.TEST_DB_KIND === 'postgres' ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('runs a sweep each time it is due, and one marked to run at start once at start', async () => {
    const db = await database();
    const due: number[] = [];
    let atStart = 0;
    const everySecond = defineSweep({ name: 'test.every-second', everyMs: () => 1000, run: async () => void due.push(Date.now()) });
    const hourly = defineSweep({ name: 'test.hourly', everyMs: () => 3_600_000, runAtStart: true, run: async () => void atStart++ });
    const startedAt = Date.now();
    const { stop } = await startSweepProcess(db, [everySecond, hourly], cleanups);
    expect(atStart).toBe(1); // before the worker is started
    expect(due).toEqual([]); // not at start: only when due

    await until(() => due.length >= 3);
    await stop();
    expect(due[0]! - startedAt).toBeLessThan(3000);
    expect(atStart).toBe(1); // not due again for an hour
    // One job per one-second slot, each run once: as many runs as completed jobs.
    const slots = await sweepSlots(db, everySecond.name);
    expect(slots.every((s) => s.slot !== null && s.jobs === 1)).toBe(true);
    expect(slots.filter((s) => s.states[0] === 'completed')).toHaveLength(due.length);
  });

  it('logs a sweep that fails, marks its job failed and runs it again the next period', async () => {
    const db = await database();
    let runs = 0;
    const failing = defineSweep({
      name: 'test.failing',
      everyMs: () => 1000,
      run: async () => {
        runs++;
        throw new Error('nothing to sweep with');
      },
    });
    const { proc } = await startSweepProcess(db, [failing], cleanups);
    await until(() => runs >= 2);
    expect(proc.errors.slice(0, 2)).toEqual(['sweep failed: test.failing', 'sweep failed: test.failing']);
    await until(async () => (await sweepSlots(db, failing.name)).some((s) => s.states.includes('failed')));
  });

  it('stops only after the sweep it is running has finished, and takes no more', async () => {
    const db = await database();
    let started = 0;
    let finished = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = defineSweep<SweepProcess>({
      name: 'test.slow',
      everyMs: () => 1000,
      run: async () => {
        started++;
        await gate;
        finished++;
      },
    });
    const { stop } = await startSweepProcess(db, [slow], cleanups);
    await until(() => started === 1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await sleep(500);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(1);
    // Its job was marked completed before stop returned, so the database could close now.
    const slots = await sweepSlots(db, slow.name);
    expect(slots.flatMap((s) => s.states)).toContain('completed');
    await sleep(1500);
    expect(started).toBe(1);
  });
});
