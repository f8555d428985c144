import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestDb } from '../../test/test-db.ts';
import { createJobQueue, trackedRunner } from './job-queue.ts';

const job = { name: 'noop', payload: { parse: (data: unknown) => data as { n: number } } };
const spec = { name: 'noop', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 };

/** The database as the queue sees it, with the statement that marks a job completed slowed down. */
function slowCompletions(db: Db, delayMs: number): Db {
  return {
    ...db,
    async query(text, params) {
      if (text.includes("state = 'completed'") && text.includes('SET completed_on = ')) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      return db.query(text, params);
    },
  };
}

/** The database of the test under way, closed after it. */
let db: (Db & { url?: string }) | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('the job queue stopping', () => {
  it('returns only after a finished job is marked completed, so the pool can close under nothing', async () => {
    db = await createTestDb();
    const queue = await createJobQueue(slowCompletions(db, 700), [spec], { supervise: false });
    let handled!: () => void;
    const ran = new Promise<void>((resolve) => (handled = resolve));
    await queue.work<{ n: number }>('noop', 1, async () => handled());
    const id = await db.transaction((tx) => queue.enqueue(tx, job, { n: 1 }));
    await ran;
    await queue.stop();
    // pg-boss does not await this write; stopping must.
    const row = await db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(row.rows[0]?.state).toBe('completed');
  });
});

describe("the queue's statements after stop", () => {
  it('drops a statement pg-boss issues after the queue has stopped without touching the pool, and waits for those before', async () => {
    let release!: () => void;
    const sent: string[] = [];
    const runner = trackedRunner({
      executeSql: async (text: string) => {
        sent.push(text);
        if (text === 'slow') await new Promise<void>((r) => (release = r));
        return { rows: [text] };
      },
    });
    const slow = runner.executeSql('slow');
    let closed = false;
    const closing = runner.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false); // a statement under way is waited for
    release();
    await closing;
    await expect(slow).resolves.toEqual({ rows: ['slow'] });
    let answered = false;
    void runner.executeSql('late completion').finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false); // neither resolved with a shape pg-boss misreads nor rejected unheard
    expect(sent).toEqual(['slow']);
  });
});

describe('a queued job wakes the workers', () => {
  it('at the commit of the transaction that queued it; idle, they do not keep asking', async () => {
    db = await createTestDb();
    // What the queue sends through our connection (PostgreSQL; on PGlite pg-boss uses its own adapter).
    let sent = 0;
    const counted: Db = { ...db, query: (text, params) => (sent++, db!.query(text, params)) };
    const queue = await createJobQueue(counted, [spec], { supervise: false });
    let handledAt = 0;
    const ran = new Promise<void>((resolve) => {
      void queue.work<{ n: number }>(
        'noop',
        1,
        async () => {
          handledAt = Date.now();
          resolve();
        },
        { pollSeconds: 30 },
      );
    });
    // Idle: after its first look, a worker polling twice a second would ask six times in 3 s.
    await new Promise((r) => setTimeout(r, 500));
    const before = sent;
    await new Promise((r) => setTimeout(r, 3000));
    if (db.kind === 'postgres') expect(sent - before).toBeLessThanOrEqual(1);
    let committedAt = 0;
    await db.transaction(async (tx) => {
      await queue.enqueue(tx, job, { n: 1 });
      // Not before the commit: the job does not exist for anyone until then.
      await new Promise((r) => setTimeout(r, 700));
      expect(handledAt).toBe(0);
      committedAt = Date.now();
    });
    await ran;
    expect(handledAt - committedAt).toBeLessThan(3000);
    await queue.stop();
  });
});
