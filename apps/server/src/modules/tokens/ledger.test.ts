import { insufficientTokensDetail } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { AppError } from '../../lib/errors.ts';
import { adjustTokens, captureHold, expireLots, getBalance, placeHold, releaseHold } from './index.ts';
import { insertUser, ledgerSum } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const give = (userId: string, amount: number, kind: 'paid' | 'promo' = 'paid', validityDays?: number) =>
  t.db.transaction((tx) => adjustTokens(tx, { userId, amount, note: 'test credit', kind, ...(validityDays ? { validityDays } : {}) }));
const hold = (userId: string, amount: number, reportId = crypto.randomUUID()) =>
  t.db.transaction((tx) => placeHold(tx, { userId, amount, reportId }));
const capture = (holdId: string) => t.db.transaction((tx) => captureHold(tx, holdId));
const release = (holdId: string) => t.db.transaction((tx) => releaseHold(tx, holdId));
const available = async (userId: string) => (await getBalance(t.db, userId)).available_tokens;
const lots = async (userId: string) =>
  (
    await t.db.query<{ id: string; tokens: number; remaining: number; expires_at: Date }>(
      'SELECT id, tokens, remaining, expires_at FROM token_lots WHERE user_id = $1 ORDER BY expires_at',
      [userId],
    )
  ).rows;

describe('the token ledger under concurrency', () => {
  it('lets exactly 3 of 50 parallel holds through when the balance covers 3, and never goes negative', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 7500);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => hold(userId, 2500)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).status).toBe(403);
      expect((r.reason as AppError).detail).toBe(insufficientTokensDetail(2500, 0));
    }
    const balance = await getBalance(t.db, userId);
    expect(balance.available_tokens).toBe(0);
    expect(balance.held_tokens).toBe(7500);
    expect(await ledgerSum(t.db, userId)).toBe(balance.available_tokens);
    for (const lot of await lots(userId)) expect(lot.remaining).toBeGreaterThanOrEqual(0);
  });

  it('refuses a hold the balance does not cover with the spec detail, and writes nothing', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 2000);
    await expect(hold(userId, 2500)).rejects.toMatchObject({
      status: 403,
      detail: 'Insufficient tokens. Required: 2500, Available: 2000. Please purchase more tokens.',
    });
    expect(await available(userId)).toBe(2000);
    const holds = await t.db.query('SELECT 1 FROM token_holds WHERE user_id = $1', [userId]);
    expect(holds.rows).toHaveLength(0);
  });

  it('keeps the ledger summing to the balance through holds, captures, releases and adjustments', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 10000);
    const a = await hold(userId, 2500);
    const b = await hold(userId, 7500);
    expect(await capture(a)).toBe(true);
    expect(await release(b)).toBe(true);
    await t.db.transaction((tx) => adjustTokens(tx, { userId, amount: -1000, note: 'goodwill reversal' }));
    const balance = await getBalance(t.db, userId);
    expect(balance).toMatchObject({ available_tokens: 6500, held_tokens: 0, paid_tokens: 6500 });
    expect(await ledgerSum(t.db, userId)).toBe(6500);
  });
});

describe('report holds', () => {
  it('capture resolves a hold exactly once under 10 concurrent attempts', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 2500);
    const holdId = await hold(userId, 2500);
    const results = await Promise.all(Array.from({ length: 10 }, () => capture(holdId)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await t.db.query<{ state: string }>('SELECT state FROM token_holds WHERE id = $1', [holdId]);
    expect(row.rows[0]!.state).toBe('captured');
    expect(await available(userId)).toBe(0);
  });

  it('release resolves a hold exactly once under 10 concurrent attempts and gives the tokens back once', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 2500);
    const holdId = await hold(userId, 2500);
    const results = await Promise.all(Array.from({ length: 10 }, () => release(holdId)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await available(userId)).toBe(2500);
    expect(await ledgerSum(t.db, userId)).toBe(2500);
  });

  it('racing captures and releases: exactly one wins, and the balance matches the winner', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 2500);
    const holdId = await hold(userId, 2500);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? capture(holdId) : release(holdId)).then((won) => ({ won, i }))),
    );
    const winners = results.filter((r) => r.won);
    expect(winners).toHaveLength(1);
    const state = (await t.db.query<{ state: string }>('SELECT state FROM token_holds WHERE id = $1', [holdId])).rows[0]!.state;
    expect(state).toBe(winners[0]!.i % 2 ? 'captured' : 'released');
    expect(await available(userId)).toBe(state === 'released' ? 2500 : 0);
  });

  it('cannot capture after a release, nor release after a capture', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 5000);
    const released = await hold(userId, 2500);
    expect(await release(released)).toBe(true);
    expect(await capture(released)).toBe(false);
    const captured = await hold(userId, 2500);
    expect(await capture(captured)).toBe(true);
    expect(await release(captured)).toBe(false);
    expect(await available(userId)).toBe(2500);
    // Even a direct UPDATE cannot move a resolved hold.
    await expect(t.db.query(`UPDATE token_holds SET state = 'released', resolved_at = now() WHERE id = $1`, [captured])).rejects.toThrow(
      /already captured/,
    );
  });

  it('does not let a held amount be spent twice', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 2500);
    await hold(userId, 2500);
    await expect(hold(userId, 2500)).rejects.toMatchObject({ status: 403 });
    expect(await getBalance(t.db, userId)).toMatchObject({ available_tokens: 0, held_tokens: 2500 });
  });

  it('charges a report once: placing its hold again returns the same hold', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 5000);
    const reportId = crypto.randomUUID();
    const first = await hold(userId, 2500, reportId);
    expect(await hold(userId, 2500, reportId)).toBe(first);
    expect(await available(userId)).toBe(2500);
    await expect(hold(userId, 7500, reportId)).rejects.toMatchObject({ status: 409 });
  });

  it('answers false for unknown or malformed hold ids', async () => {
    expect(await capture(crypto.randomUUID())).toBe(false);
    expect(await release('not-a-uuid')).toBe(false);
  });
});

describe('lots and expiry', () => {
  it('no longer counts tokens past their lot expiry', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 3000);
    await give(userId, 2000);
    const [first] = await lots(userId);
    await t.db.query(`UPDATE token_lots SET expires_at = now() - interval '1 second' WHERE id = $1`, [first!.id]);
    const balance = await getBalance(t.db, userId);
    expect(balance.available_tokens).toBe(2000);
    await expect(hold(userId, 2500)).rejects.toMatchObject({ detail: insufficientTokensDetail(2500, 2000) });
  });

  it('takes debits from the lot that expires first', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 4000, 'paid', 365);
    await give(userId, 1000, 'promo', 30);
    await give(userId, 2000, 'paid', 100);
    await hold(userId, 2500);
    const byExpiry = await lots(userId);
    expect(byExpiry.map((l) => [l.tokens, l.remaining])).toEqual([
      [1000, 0], // 30 days: spent first
      [2000, 500], // 100 days: the rest
      [4000, 4000], // 365 days: untouched
    ]);
    const balance = await getBalance(t.db, userId);
    expect(new Date(balance.next_expiry!).getTime()).toBe(byExpiry[1]!.expires_at.getTime());
  });

  it('records expiries in the ledger with the sweep, and the balance stays the same', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 3000);
    await give(userId, 2000);
    const [first] = await lots(userId);
    await t.db.query(`UPDATE token_lots SET expires_at = now() - interval '1 day' WHERE id = $1`, [first!.id]);
    const before = await available(userId);
    const swept = await expireLots(t.db);
    expect(swept.tokens).toBeGreaterThanOrEqual(3000);
    expect(await available(userId)).toBe(before);
    expect(await ledgerSum(t.db, userId)).toBe(2000);
    const again = await expireLots(t.db);
    expect(again.tokens).toBe(0);
  });
});

describe('the database guards the ledger', () => {
  it('refuses to edit a lot balance outside the ledger, to edit the ledger, or to overdraw a lot', async () => {
    const userId = await insertUser(t.db);
    await give(userId, 1000);
    const [lot] = await lots(userId);
    await expect(t.db.query('UPDATE token_lots SET remaining = 999999 WHERE id = $1', [lot!.id])).rejects.toThrow(
      /only through token_ledger/,
    );
    await expect(t.db.query('UPDATE token_ledger SET amount = 5000 WHERE user_id = $1', [userId])).rejects.toThrow(/append-only/);
    await expect(
      t.db.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount, note) VALUES ($1, $2, 'adjust_debit', -1001, 'overdraft')`, [
        userId,
        lot!.id,
      ]),
    ).rejects.toThrow(/check/i);
    expect(await available(userId)).toBe(1000);
  });
});
