import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from './db/client.ts';
import { createTestDb } from '../test/test-db.ts';
import { sleep, startSweepProcess, sweepSlots, type SweepProcess } from '../test/sweep-process.ts';
import { defineSweep } from './jobs/job-definition.ts';

/** Decision 243: sweeps run once per cluster, not once per process. */
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a sweep in two worker processes on one PostgreSQL database', () => {
  it('runs once per period between them, not once in each', async () => {
    const db = await createTestDb();
    cleanups.push(() => db.close());
    const other = openPostgres(db.url!, 5); // the second process's own connections
    cleanups.push(() => other.close());
    const runs: Array<{ by: string; at: number }> = [];
    const sweep = defineSweep({
      name: 'test.cluster',
      everyMs: () => 1000,
      run: async (proc: SweepProcess) => void runs.push({ by: proc.id, at: Date.now() }),
    });
    const a = await startSweepProcess(db, [sweep], cleanups, 'a');
    const b = await startSweepProcess(other, [sweep], cleanups, 'b');
    const startedAt = Date.now();
    await sleep(4500);
    await Promise.all([a.stop(), b.stop()]);
    const seconds = (Date.now() - startedAt) / 1000;

    // Each process offers the sweep twice a second: four offers a second between them, one job.
    const slots = await sweepSlots(db, sweep.name);
    expect(slots.every((s) => s.slot !== null && s.jobs === 1)).toBe(true);
    expect(runs.length).toBe(slots.filter((s) => s.states[0] === 'completed').length);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });
});
