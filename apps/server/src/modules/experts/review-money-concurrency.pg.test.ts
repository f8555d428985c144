import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { ensureBillingCountry } from '../../../test/purchases.ts';
import {
  asExpert,
  availableOf,
  createReviewTestApp,
  expectLedgerHolds,
  inviteAndSignIn,
  memberWithReport,
  ops,
  REVIEW,
  reviewUntil,
  type Expert,
} from './test-support.ts';

/**
 * Decision 234 on PostgreSQL, with simultaneous requests on several connections: the follow-up
 * round is asked and answered once, a delivered review accrues once however often it is sent, and
 * a payout is recorded once, each earning paid by exactly one payout.
 */
let t: TestApp;
let e: Expert;
beforeAll(async () => {
  t = await createReviewTestApp();
  e = await inviteAndSignIn(t, { capacity: 50 });
}, 300_000);
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

describe('follow-ups, earnings and payouts under concurrency (PostgreSQL)', () => {
  it('eight follow-up rounds sent at once make one; eight answers at once write one', async () => {
    for (let round = 0; round < 3; round++) {
      const { m, id } = await reviewUntil(t, e, 'delivered');
      const asks = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(`/api/review-requests/${id}/follow-up`, m.auth, { questions: [`Question from click ${i}?`] }),
        ),
      );
      expect(asks.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const r of asks.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'follow_up_asked' });
      const rows = await t.db.query<{ questions: string[] }>('SELECT questions FROM review_follow_ups WHERE request_id = $1', [id]);
      expect(rows.rows).toHaveLength(1);
      const winner = asks.find((r) => r.statusCode === 201)!.json<{ follow_up: { questions: string[] } }>();
      expect(rows.rows[0]!.questions).toEqual(winner.follow_up.questions);

      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post(`/api/expert/assignments/${id}/follow-up`, e.cookie, { answers: [`Answer ${i}`] })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const kept = (await t.db.query<{ answers: string[] }>('SELECT answers FROM review_follow_ups WHERE request_id = $1', [id])).rows[0]!
        .answers;
      expect(answers.find((r) => r.statusCode === 200)!.json()).toMatchObject({ follow_up: { answers: kept } });
      const audits = await t.db.query(`SELECT 1 FROM operator_audit_log WHERE action = 'expert.follow_up_answered' AND target = $1`, [
        `review:${id}`,
      ]);
      expect(audits.rows).toHaveLength(1);
    }
  });

  it('a review delivered six times at once captures once and accrues once', async () => {
    for (let round = 0; round < 4; round++) {
      const { m, id } = await reviewUntil(t, e, 'accepted');
      const res = await Promise.all(
        Array.from({ length: 6 }, () => asExpert(t, e, 'POST', `/api/expert/assignments/${id}/review`, REVIEW)),
      );
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const earned = await t.db.query<{ tokens: number; expert_id: string }>(
        'SELECT tokens, expert_id FROM expert_earnings WHERE request_id = $1',
        [id],
      );
      expect(earned.rows).toEqual([{ tokens: 3000, expert_id: e.id }]);
      const hold = await t.db.query<{ state: string }>(
        'SELECT h.state FROM review_requests q JOIN token_holds h ON h.id = q.hold_id WHERE q.id = $1',
        [id],
      );
      expect(hold.rows).toEqual([{ state: 'captured' }]);
      await expectLedgerHolds(t.db, [m.user.id]);
    }
  });

  it('payouts recorded at once: the same day six times is one payout; different days never pay an earning twice', async () => {
    const x = await inviteAndSignIn(t, { capacity: 20, name: 'Dorothy Vaughan' });
    for (let i = 0; i < 4; i++) await reviewUntil(t, x, 'delivered');
    const today = new Date().toISOString().slice(0, 10);
    const same = await Promise.all(Array.from({ length: 6 }, () => post(`/api/admin/experts/${x.id}/payouts`, ops, { through: today })));
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const created = same.filter((r) => r.json<{ created: boolean }>().created);
    expect(created).toHaveLength(1);
    const ids = new Set(same.map((r) => r.json<{ payout: { id: string } }>().payout.id));
    expect(ids.size).toBe(1);
    expect(created[0]!.json()).toMatchObject({ payout: { tokens: 12_000, reviews: 4 } });

    // More reviews, then payouts for several days at once, racing new deliveries.
    const more = await Promise.all([reviewUntil(t, x, 'accepted'), reviewUntil(t, x, 'accepted'), reviewUntil(t, x, 'accepted')]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const raced = await Promise.all([
      ...more.map((r) => asExpert(t, x, 'POST', `/api/expert/assignments/${r.id}/review`, REVIEW)),
      post(`/api/admin/experts/${x.id}/payouts`, ops, { through: today, reference: 'again' }),
      post(`/api/admin/experts/${x.id}/payouts`, ops, { through: yesterday }),
    ]);
    for (const r of raced) expect([200, 409]).toContain(r.statusCode);
    expect(raced.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);

    // Whatever the interleaving: every earning is paid by at most one payout, and each payout's
    // totals are exactly the earnings that point at it.
    const check = await t.db.query<{ id: string; tokens: number; reviews: number; sum: number; n: number }>(
      `SELECT p.id, p.tokens, p.reviews, coalesce(sum(x.tokens), 0)::int AS sum, count(x.request_id)::int AS n
         FROM expert_payouts p LEFT JOIN expert_earnings x ON x.payout_id = p.id WHERE p.expert_id = $1 GROUP BY p.id`,
      [x.id],
    );
    for (const p of check.rows) expect([p.sum, p.n]).toEqual([p.tokens, p.reviews]);
    const all = await t.db.query<{ owed: number; paid: number }>(
      `SELECT coalesce(sum(tokens) FILTER (WHERE payout_id IS NULL), 0)::int AS owed, coalesce(sum(tokens) FILTER (WHERE payout_id IS NOT NULL), 0)::int AS paid
         FROM expert_earnings WHERE expert_id = $1`,
      [x.id],
    );
    expect(all.rows[0]!.owed + all.rows[0]!.paid).toBe(7 * 3000);
    expect(check.rows.reduce((n, p) => n + p.tokens, 0)).toBe(all.rows[0]!.paid);
  });

  it('a purchase made for a review, verified four times at once: one request, one hold, one invoice', async () => {
    const { m, reportId } = await memberWithReport(t);
    // 20,000 to start with: leave 2,000, 3,000 short of a Basic review.
    const debit = await post(
      `/api/admin/users/${m.user.id}/token-adjustments`,
      { ...ops, 'idempotency-key': `drain-${m.user.id}` },
      { amount: -18_000, reason: 'Test: a short balance' },
    );
    expect(debit.statusCode, debit.body).toBeLessThan(300);
    await ensureBillingCountry(t, m.auth);
    const order = await post('/api/tokens/purchase/create-order', m.auth, {
      package_id: 'starter',
      review: { report_id: reportId, questions: 'Licensable?' },
    });
    expect(order.statusCode, order.body).toBe(200);
    const approved = await post('/api/payments/sandbox/approve', m.auth, { order_id: order.json<{ order_id: string }>().order_id });
    const verified = await Promise.all(
      Array.from({ length: 4 }, () => post('/api/tokens/purchase/verify-payment', m.auth, approved.json())),
    );
    expect(verified.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(verified.map((r) => r.json<{ review_request: { id: string } }>().review_request.id));
    expect(ids.size).toBe(1);
    const requests = await t.db.query('SELECT id FROM review_requests WHERE report_id = $1', [reportId]);
    expect(requests.rows).toEqual([{ id: [...ids][0] }]);
    const invoices = await t.db.query<{ review_tokens: number }>(
      'SELECT i.review_tokens FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.razorpay_order_id = $1',
      [order.json<{ order_id: string }>().order_id],
    );
    expect(invoices.rows).toEqual([{ review_tokens: 3000 }]);
    expect(await availableOf(t, m)).toBe(2000 + 10_000 - 5000);
    await expectLedgerHolds(t.db, [m.user.id]);
  });
});
