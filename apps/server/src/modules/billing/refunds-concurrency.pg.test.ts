import type { AdminRefund, RefundView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import { signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import {
  OPS_PASSWORD,
  approve,
  askRefund,
  buyWithRazorpay,
  creditNotesOf,
  expectLedgerHolds,
  refundCalls,
  refundEntries,
  refundRow,
} from './refunds.test-support.ts';

/*
 * Refund races on PostgreSQL (PGlite has one connection, so it cannot race), through the
 * production Razorpay adapter against the fake Razorpay on loopback, counting its calls.
 */
let rzp: FakeRazorpay;
let t: TestApp;
beforeAll(async () => {
  rzp = await startFakeRazorpay();
  t = await createTestApp({
    ...rzp.env,
    RAZORPAY_TIMEOUT_MS: '5000',
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: OPS_PASSWORD,
    RATE_LIMIT_LOGIN_PER_IP: '1000',
  });
  await ensureFirstOperator(t.deps);
});
afterAll(async () => {
  await t.close();
  await rzp.close();
});

describe('refunds under concurrency (PostgreSQL)', () => {
  it('two concurrent approvals → one provider refund call, one ledger reversal, one credit note', async () => {
    const m = await signUpAndLogin(t);
    const p = await buyWithRazorpay(t, rzp, m);
    const refund = (await askRefund(t, m, p.id)).json<RefundView>();

    // Each provider request takes a while, so both approvals are at the provider at once unless
    // the first one's claim keeps the second away (the receipt lookup alone would not).
    rzp.setDelay(400);
    const results = await Promise.all([approve(t, refund.id), approve(t, refund.id)]).finally(() => rzp.setDelay(0));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    // Whichever answered last saw the provider's refund recorded; both agree on the request.
    await expect.poll(async () => (await refundRow(t.db, refund.id)).provider_refund_id).not.toBeNull();

    expect(refundCalls(rzp, p.razorpay_payment_id)).toHaveLength(1);
    expect([...rzp.refunds.values()].filter((r) => r.payment_id === p.razorpay_payment_id)).toHaveLength(1);
    expect(await refundEntries(t.db, p.id)).toEqual([{ amount: -p.tokens }]);
    const notes = await creditNotesOf(t.db, p.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.total_minor).toBe(refund.refund_minor);
    expect(new Set(results.map((r) => r.json<AdminRefund>().credit_note_number))).toEqual(new Set([notes[0]!.credit_note_number]));
    const audit = await t.db.query(`SELECT action FROM operator_audit_log WHERE target = $1`, [refund.id]);
    expect(audit.rows).toEqual([{ action: 'refund.approve' }]);
    await expectLedgerHolds(t.db, [m.user.id]);
  }, 120_000);

  it('many requests each approved twice at once, with a member spending meanwhile: one refund each, gapless credit notes, sums hold', async () => {
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await signUpAndLogin(t));
    const bought = [];
    for (const m of members) {
      const p = await buyWithRazorpay(t, rzp, m);
      bought.push({ m, p, refund: (await askRefund(t, m, p.id)).json<RefundView>() });
    }
    const before =
      (await t.db.query<{ last_number: number }>(`SELECT last_number FROM invoice_counters WHERE series = 'CN'`)).rows[0]?.last_number ?? 0;
    const { placeHold, getBalance } = await import('../tokens/index.ts');
    const spender = bought[0]!;
    const spendAll = async () => {
      const b = await getBalance(t.db, spender.m.user.id);
      await t.db
        .transaction((tx) => placeHold(tx, { userId: spender.m.user.id, amount: b.available_tokens, reportId: `race-${spender.p.id}` }))
        .catch(() => undefined); // the balance may already be gone to the refund
    };
    const results = await Promise.all([...bought.flatMap((b) => [approve(t, b.refund.id), approve(t, b.refund.id)]), spendAll()]);
    for (const r of results.slice(0, -1)) expect([200, 409]).toContain((r as { statusCode: number }).statusCode);

    const refunded = [];
    for (const b of bought) {
      const row = await refundRow(t.db, b.refund.id);
      const calls = refundCalls(rzp, b.p.razorpay_payment_id).length;
      const entries = await refundEntries(t.db, b.p.id);
      const notes = await creditNotesOf(t.db, b.p.id);
      if (row.status === 'requested') {
        // Only the spender's can lose the race, and then nothing of it happened.
        expect(b).toBe(spender);
        expect([calls, entries.length, notes.length]).toEqual([0, 0, 0]);
      } else {
        expect(row.status).toBe('approved');
        expect([calls, entries.length, notes.length]).toEqual([1, 1, 1]);
        refunded.push(notes[0]!);
      }
    }
    const seqs = refunded.map((n) => Number(n.credit_note_number.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: refunded.length }, (_, k) => before + 1 + k));
    await expectLedgerHolds(
      t.db,
      members.map((m) => m.user.id),
    );
  }, 240_000);

  it('two refund requests at once for one purchase → one request', async () => {
    const m = await signUpAndLogin(t);
    const p = await buyWithRazorpay(t, rzp, m);
    const results = await Promise.all([askRefund(t, m, p.id), askRefund(t, m, p.id), askRefund(t, m, p.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await t.db.query('SELECT 1 FROM refund_requests WHERE payment_id = $1', [p.id])).rows).toHaveLength(1);
  }, 60_000);

  it('spending and a refund request racing for one package: exactly one wins, every time, and the ledger is exact', async () => {
    const { placeHold, getBalance } = await import('../tokens/index.ts');
    const rounds = [];
    for (let i = 0; i < 6; i++) {
      const m = await signUpAndLogin(t);
      const p = await buyWithRazorpay(t, rzp, m);
      // Everything the member has: a spend this size must take tokens from the package's lot.
      const all = (await getBalance(t.db, m.user.id)).available_tokens;
      rounds.push({ m, p, all });
    }
    rzp.setDelay(0);
    const results = await Promise.all(
      rounds.map(async ({ m, p, all }) => {
        const [spend, ask] = await Promise.all([
          t.db
            .transaction((tx) => placeHold(tx, { userId: m.user.id, amount: all, reportId: `spend-vs-refund-${p.id}` }))
            .then(
              () => 'spent' as const,
              (err: { status?: number }) => (err.status === 403 ? ('refused' as const) : Promise.reject(err)),
            ),
          askRefund(t, m, p.id),
        ]);
        return { spend, ask: ask.statusCode };
      }),
    );
    for (const r of results) {
      // Either the spend took the tokens and the request was refused, or the request held the
      // package and the spend found too few tokens; never both, never neither.
      expect([
        ['spent', 409],
        ['refused', 201],
      ]).toContainEqual([r.spend, r.ask]);
    }
    for (const { p } of rounds) {
      const lot = (
        await t.db.query<{ tokens: number; remaining: number; refund_pending: boolean }>(
          'SELECT tokens, remaining, refund_pending FROM token_lots WHERE payment_id = $1',
          [p.id],
        )
      ).rows[0]!;
      const live = (await t.db.query(`SELECT 1 FROM refund_requests WHERE payment_id = $1 AND status = 'requested'`, [p.id])).rows.length;
      // A held lot is whole; a spent one has no live request.
      expect(lot.refund_pending).toBe(live === 1);
      if (live) expect(lot.remaining).toBe(lot.tokens);
    }
    await expectLedgerHolds(
      t.db,
      rounds.map((r) => r.m.user.id),
    );
  }, 120_000);
});
