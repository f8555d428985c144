import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { ledgerSum, OPERATOR_PASSWORD, ops } from './test-support.ts';

/*
 * Operator deductions racing on PostgreSQL (PGlite has one connection, so it cannot race): the
 * member's account lock serialises them, so together they never take more than the balance.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: OPERATOR_PASSWORD });
  await ensureFirstOperator(t.deps);
});
afterAll(() => t.close());

describe('operator token adjustments under concurrency (PostgreSQL)', () => {
  it('two concurrent deductions that together exceed the balance: one is made, one refused, one audit row', async () => {
    const m = await signUpAndLogin(t);
    const results = await Promise.all(
      [1, 2].map((i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${m.user.id}/token-adjustments`,
          headers: ops,
          payload: { amount: -2000, reason: `Race ${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await ledgerSum(t.db, m.user.id)).toBe(500);
    const audit = await t.db.query(`SELECT 1 FROM operator_audit_log WHERE target = $1`, [m.user.id]);
    expect(audit.rows).toHaveLength(1);
  });

  it('eight concurrent sends of one grant with its Idempotency-Key: made once, every answer the same', async () => {
    const m = await signUpAndLogin(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${m.user.id}/token-adjustments`,
          headers: { ...ops, 'idempotency-key': 'same-grant' },
          payload: { amount: 400, reason: 'Goodwill' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    for (const r of results) expect(r.json()).toEqual({ amount: 400, reason: 'Goodwill', available_tokens: 2900 });
    expect(await ledgerSum(t.db, m.user.id)).toBe(2900);
    const audit = await t.db.query(`SELECT 1 FROM operator_audit_log WHERE target = $1`, [m.user.id]);
    expect(audit.rows).toHaveLength(1);
  });

  it('concurrent grants and deductions keep the ledger, the lots and the audit log in step', async () => {
    const m = await signUpAndLogin(t);
    // The deductions (2400) fit the starting 2500 in any order, so every one is made.
    const amounts = [1000, -500, 2000, -1500, 300, -400];
    const results = await Promise.all(
      amounts.map((amount, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${m.user.id}/token-adjustments`,
          headers: ops,
          payload: { amount, reason: `Step ${i}` },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const expected = 2500 + amounts.reduce((s, a) => s + a, 0);
    expect(await ledgerSum(t.db, m.user.id)).toBe(expected);
    const lots = await t.db.query<{ n: number }>(`SELECT coalesce(sum(remaining), 0)::int8 AS n FROM token_lots WHERE user_id = $1`, [
      m.user.id,
    ]);
    expect(lots.rows[0]!.n).toBe(expected);
    const audit = await t.db.query(`SELECT 1 FROM operator_audit_log WHERE target = $1`, [m.user.id]);
    expect(audit.rows).toHaveLength(amounts.length);
  });
});
