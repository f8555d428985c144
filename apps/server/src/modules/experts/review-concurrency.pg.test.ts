import type { ReviewRequestView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import {
  asExpert,
  assign,
  availableOf,
  createReviewTestApp,
  expectLedgerHolds,
  inviteAndSignIn,
  memberWithReport,
  ops,
  requestReview,
  REVIEW,
  type Expert,
} from './test-support.ts';

/**
 * Issue 28 on PostgreSQL (decision 230): a request's hold is resolved exactly once whatever races
 * it: accept, decline, the member's cancel, the operator's cancel, delivery. Every transition takes
 * the request's row lock and checks the state; the hold's conditional update is the second guard.
 */
let t: TestApp;
let expert: Expert;
beforeAll(async () => {
  t = await createReviewTestApp();
  expert = await inviteAndSignIn(t, { capacity: 50 });
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** The request's state and its hold agree, and the hold's ledger rows are what one resolution writes. */
async function expectConsistent(requestId: string) {
  const r = (
    await t.db.query<{ state: string; hold: string; releases: number; holds: number }>(
      `SELECT q.state, h.state AS hold,
            (SELECT count(*)::int FROM token_ledger e WHERE e.hold_id = h.id AND e.kind = 'release') AS releases,
            (SELECT count(*)::int FROM token_ledger e WHERE e.hold_id = h.id AND e.kind = 'hold') AS holds
       FROM review_requests q JOIN token_holds h ON h.id = q.hold_id WHERE q.id = $1`,
      [requestId],
    )
  ).rows[0]!;
  const expected =
    r.state === 'delivered'
      ? 'captured'
      : r.state === 'declined' || r.state === 'cancelled' || r.state === 'unmatched'
        ? 'released'
        : 'held';
  expect(r.hold).toBe(expected);
  expect(r.releases).toBe(expected === 'released' ? r.holds : 0);
  return r.state;
}

describe('review requests under concurrency (PostgreSQL)', () => {
  it('eight simultaneous requests for one report make one request and one hold', async () => {
    const { m, reportId } = await memberWithReport(t);
    const before = await availableOf(t, m);
    const res = await Promise.all(Array.from({ length: 8 }, () => requestReview(t, m, reportId)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const holds = await t.db.query(`SELECT 1 FROM token_holds WHERE report_id = $1 AND charge LIKE 'review:%'`, [reportId]);
    expect(holds.rows).toHaveLength(1);
    expect(await availableOf(t, m)).toBe(before - res.find((r) => r.statusCode === 201)!.json<ReviewRequestView>().price);
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('accept, decline, the member’s cancel and the operator’s cancel racing an offer: one ending, the hold resolved once', async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 8; round++) {
      const { m, reportId } = await memberWithReport(t);
      const before = await availableOf(t, m);
      const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();
      expect((await assign(t, req.id, expert.id)).statusCode).toBe(200);
      const base = `/api/expert/assignments/${req.id}`;
      const [accept, decline, memberCancel, opCancel] = await Promise.all([
        post(`${base}/accept`, expert.cookie),
        post(`${base}/decline`, expert.cookie),
        post(`/api/review-requests/${req.id}/cancel`, m.auth),
        post(`/api/admin/review-requests/${req.id}/cancel`, ops),
      ]);
      // At most one of the two endings wins; the operator's cancel may also follow an accept or a
      // decline (which sends the request back to the queue, decision 227), the member's a decline.
      const endings = [memberCancel, opCancel].filter((r) => r.statusCode === 200).length;
      expect(endings).toBeLessThanOrEqual(1);
      expect([accept, decline].filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
      for (const r of [accept, decline, memberCancel, opCancel]) expect([200, 404, 409]).toContain(r.statusCode);
      const state = await expectConsistent(req.id);
      outcomes[state] = (outcomes[state] ?? 0) + 1;
      const after = await availableOf(t, m);
      expect(after).toBe(state === 'accepted' || state === 'requested' ? before - req.price : before);
      await expectLedgerHolds(t.db, [m.user.id]);
      if (state === 'accepted') expect(accept.statusCode).toBe(200);
    }
    expect(Object.keys(outcomes).every((s) => ['accepted', 'requested', 'cancelled'].includes(s))).toBe(true);
  });

  it('delivery racing the operator’s cancel: exactly one wins; captured or released, never both', async () => {
    for (let round = 0; round < 8; round++) {
      const { m, reportId } = await memberWithReport(t);
      const before = await availableOf(t, m);
      const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();
      expect((await assign(t, req.id, expert.id)).statusCode).toBe(200);
      expect((await asExpert(t, expert, 'POST', `/api/expert/assignments/${req.id}/accept`)).statusCode).toBe(200);
      const [deliver, cancel, deliverAgain] = await Promise.all([
        post(`/api/expert/assignments/${req.id}/review`, expert.cookie, REVIEW),
        post(`/api/admin/review-requests/${req.id}/cancel`, ops),
        post(`/api/expert/assignments/${req.id}/review`, expert.cookie, REVIEW),
      ]);
      expect([deliver, cancel, deliverAgain].filter((r) => r.statusCode === 200)).toHaveLength(1);
      const state = await expectConsistent(req.id);
      expect(['delivered', 'cancelled']).toContain(state);
      expect(await availableOf(t, m)).toBe(state === 'delivered' ? before - req.price : before);
      const reviews = await t.db.query('SELECT 1 FROM expert_reviews WHERE request_id = $1', [req.id]);
      expect(reviews.rows).toHaveLength(state === 'delivered' ? 1 : 0);
      await expectLedgerHolds(t.db, [m.user.id]);
    }
  });

  it('two assignments to an expert with one place left: one is offered, the other refused', async () => {
    const one = await inviteAndSignIn(t, { capacity: 1 });
    const a = await memberWithReport(t);
    const b = await memberWithReport(t);
    const ra = (await requestReview(t, a.m, a.reportId)).json<ReviewRequestView>();
    const rb = (await requestReview(t, b.m, b.reportId)).json<ReviewRequestView>();
    const res = await Promise.all([assign(t, ra.id, one.id), assign(t, rb.id, one.id)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
