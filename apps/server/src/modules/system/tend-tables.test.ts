import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db.ts';
import type { Db } from '../../db/client.ts';
import { tendTables } from './tend-tables.ts';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  // Only this sweep may tend the probe (on PostgreSQL, autovacuum would otherwise race it).
  await db.exec('CREATE TABLE tend_probe (id int PRIMARY KEY, word text) WITH (autovacuum_enabled = false)');
});
afterAll(() => db.close());

const statistics = async () =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_statistic WHERE starelid = 'tend_probe'::regclass`)).rows[0]!.n;
const lastRun = async () =>
  (
    await db.query<{ analysed: Date | null; vacuumed: Date | null }>(
      `SELECT last_analyze AS analysed, last_vacuum AS vacuumed FROM pg_stat_user_tables WHERE relname = 'tend_probe'`,
    )
  ).rows[0]!;
/** Activity statistics reach pg_stat_user_tables within a second or so on PostgreSQL: the sweep is asked until it acts. */
const tendUntil = (what: 'analysed' | 'vacuumed') =>
  expect.poll(async () => (await tendTables(db))[what], { timeout: 20_000, interval: 250 }).toContain('public.tend_probe');

it('analyses a table once enough of it changed, and leaves it until it changes again', async () => {
  expect(await statistics()).toBe(0);
  await db.query(`INSERT INTO tend_probe SELECT g, 'word ' || (g % 7) FROM generate_series(1, 400) g`);
  await tendUntil('analysed');
  expect(await statistics()).toBeGreaterThan(0);
  expect((await lastRun()).analysed).not.toBeNull();
  expect((await tendTables(db)).analysed).not.toContain('public.tend_probe');
  // Fewer than 50 rows plus a tenth of the table: not yet.
  await db.query(`UPDATE tend_probe SET word = 'changed' WHERE id <= 40`);
  await new Promise((r) => setTimeout(r, 1500));
  expect((await tendTables(db)).analysed).not.toContain('public.tend_probe');
});

it('vacuums a table once a fifth of it is dead rows', async () => {
  expect((await lastRun()).vacuumed).toBeNull();
  await db.query(`DELETE FROM tend_probe WHERE id > 200`);
  await tendUntil('vacuumed');
  expect((await lastRun()).vacuumed).not.toBeNull();
});
