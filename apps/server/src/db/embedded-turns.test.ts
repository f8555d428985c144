/** The embedded database (PGlite) runs in the server's thread: other requests get their turns between its statements. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from './client.ts';

describe('statements on the embedded database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('each give the event loop a turn, so a long run of them (an export) lets other work in between', async () => {
    // What another request needs: a turn of the event loop while this one works.
    let turns = 0;
    let running = true;
    const other = () => {
      turns++;
      if (running) setImmediate(other);
    };
    setImmediate(other);
    for (let i = 0; i < 300; i++) await db.query('SELECT $1::int AS n', [i]);
    running = false;
    expect(turns).toBeGreaterThanOrEqual(250);
  });
});
