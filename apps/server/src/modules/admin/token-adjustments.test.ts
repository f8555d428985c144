import { TOKEN_ADJUSTMENT_MESSAGES, type LedgerEntry, type TokenLot } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { ledgerSum, OPERATOR_PASSWORD, ops } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: OPERATOR_PASSWORD });
  await ensureFirstOperator(t.deps);
});
afterAll(() => t.close());

const adjust = (userId: string, payload: unknown, headers: Record<string, string> = ops) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/token-adjustments`, headers, payload: payload as object });
const balanceOf = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{ available_tokens: number }>()
    .available_tokens;
const historyOf = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/billing/ledger', headers: m.auth })).json<{ entries: LedgerEntry[]; lots: TokenLot[] }>();
const auditRows = async (userId: string) =>
  (
    await t.db.query<{ action: string; operator_username: string; details: { amount: number; reason: string; available_after: number } }>(
      `SELECT action, operator_username, details FROM operator_audit_log WHERE target = $1 ORDER BY id`,
      [userId],
    )
  ).rows;

describe('POST /admin/users/{id}/token-adjustments', () => {
  it('is for operators only', async () => {
    const m = await signUpAndLogin(t);
    expect((await adjust(m.user.id, { amount: 100, reason: 'x' }, {})).statusCode).toBe(401);
    expect((await adjust(m.user.id, { amount: 100, reason: 'x' }, m.auth)).statusCode).toBe(401);
    expect(await balanceOf(m)).toBe(2500);
  });

  it('requires a reason and a non-zero whole amount, and names an existing member', async () => {
    const m = await signUpAndLogin(t);
    for (const [payload, detail] of [
      [{ amount: 100 }, TOKEN_ADJUSTMENT_MESSAGES.reasonRequired],
      [{ amount: 100, reason: '   ' }, TOKEN_ADJUSTMENT_MESSAGES.reasonRequired],
      [{ amount: 0, reason: 'why' }, TOKEN_ADJUSTMENT_MESSAGES.amountInvalid],
      [{ amount: 1.5, reason: 'why' }, TOKEN_ADJUSTMENT_MESSAGES.amountInvalid],
      [{ amount: '100', reason: 'why' }, TOKEN_ADJUSTMENT_MESSAGES.amountInvalid],
      [{ amount: 2_000_000, reason: 'why' }, TOKEN_ADJUSTMENT_MESSAGES.amountTooLarge],
    ] as const) {
      const res = await adjust(m.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toBe(detail);
    }
    expect((await adjust('00000000-0000-4000-8000-000000000000', { amount: 5, reason: 'why' })).statusCode).toBe(404);
    expect(await balanceOf(m)).toBe(2500);
    expect(await auditRows(m.user.id)).toEqual([]);
  });

  it("grants and deducts with the reason in the member's history and a row in the audit log; the ledger sums hold", async () => {
    const m = await signUpAndLogin(t);
    const granted = await adjust(m.user.id, { amount: 5000, reason: 'Goodwill for the outage' });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toEqual({ amount: 5000, reason: 'Goodwill for the outage', available_tokens: 7500 });
    // A deduction bigger than any one lot: the bonus lot (expiring first) then the grant.
    const deducted = await adjust(m.user.id, { amount: -3000, reason: 'Duplicate grant' });
    expect(deducted.statusCode).toBe(201);
    expect(deducted.json().available_tokens).toBe(4500);

    const { entries, lots } = await historyOf(m);
    expect(entries.map((e) => [e.kind, e.amount, e.description, e.reason])).toEqual([
      ['operator_deduction', -3000, 'Operator deduction: Duplicate grant', 'Duplicate grant'],
      ['operator_grant', 5000, 'Operator grant: Goodwill for the outage', 'Goodwill for the outage'],
      ['signup_bonus', 2500, 'Sign-up bonus', null],
    ]);
    expect(lots.map((l) => [l.source, l.tokens, l.remaining])).toEqual([
      ['operator_grant', 5000, 4500],
      ['signup_bonus', 2500, 0],
    ]);
    expect(await balanceOf(m)).toBe(4500);
    expect(await ledgerSum(t.db, m.user.id)).toBe(4500);

    expect(await auditRows(m.user.id)).toEqual([
      {
        action: 'member.tokens_granted',
        operator_username: 'ops',
        details: { amount: 5000, reason: 'Goodwill for the outage', available_after: 7500 },
      },
      {
        action: 'member.tokens_deducted',
        operator_username: 'ops',
        details: { amount: -3000, reason: 'Duplicate grant', available_after: 4500 },
      },
    ]);
  });

  it('makes a grant sent again with its Idempotency-Key once, answering the first answer; the key with another amount is a 422', async () => {
    const m = await signUpAndLogin(t);
    const keyed = (payload: unknown, key: string) => adjust(m.user.id, payload, { ...ops, 'idempotency-key': key });
    const first = await keyed({ amount: 700, reason: 'Goodwill' }, 'grant-1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ amount: 700, reason: 'Goodwill', available_tokens: 3200 });
    const again = await keyed({ amount: 700, reason: 'Goodwill' }, 'grant-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await keyed({ amount: 900, reason: 'Goodwill' }, 'grant-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toBe(TOKEN_ADJUSTMENT_MESSAGES.keyReused);
    expect(await balanceOf(m)).toBe(3200);
    expect(await ledgerSum(t.db, m.user.id)).toBe(3200);
    expect(await auditRows(m.user.id)).toHaveLength(1);
    // A new key is a new adjustment, and so is a request without one.
    expect((await keyed({ amount: 700, reason: 'Goodwill' }, 'grant-2')).statusCode).toBe(201);
    expect((await adjust(m.user.id, { amount: 700, reason: 'Goodwill' })).statusCode).toBe(201);
    expect(await balanceOf(m)).toBe(4600);
    // A key is the member's own: the same key for another member is another adjustment.
    const another = await signUpAndLogin(t);
    expect((await adjust(another.user.id, { amount: 700, reason: 'Goodwill' }, { ...ops, 'idempotency-key': 'grant-1' })).statusCode).toBe(
      201,
    );
  });

  it('lets a key refused with the deduction try again: nothing was made, so nothing is answered from it', async () => {
    const m = await signUpAndLogin(t);
    const deduct = () => adjust(m.user.id, { amount: -3000, reason: 'Duplicate grant' }, { ...ops, 'idempotency-key': 'deduct-1' });
    expect((await deduct()).statusCode).toBe(422);
    await adjust(m.user.id, { amount: 1000, reason: 'Top-up' });
    const made = await deduct();
    expect(made.statusCode).toBe(201);
    expect(made.json().available_tokens).toBe(500);
    expect((await deduct()).statusCode).toBe(200);
    expect(await balanceOf(m)).toBe(500);
  });

  it('refuses a deduction beyond the balance with what the member has, and writes nothing', async () => {
    const m = await signUpAndLogin(t);
    const res = await adjust(m.user.id, { amount: -2501, reason: 'Too much' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: TOKEN_ADJUSTMENT_MESSAGES.overDeduction(2501, 2500), code: 'insufficient_tokens' });
    expect(await balanceOf(m)).toBe(2500);
    expect(await ledgerSum(t.db, m.user.id)).toBe(2500);
    expect(await auditRows(m.user.id)).toEqual([]);
    expect((await historyOf(m)).entries.map((e) => e.kind)).toEqual(['signup_bonus']);
  });
});
