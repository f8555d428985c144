import type { ReviewRequestView } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { sweepReviewDeadlines } from './review-deadlines.ts';
import {
  asExpert,
  assign,
  availableOf,
  clearOpenReviews,
  createReviewTestApp,
  expectLedgerHolds,
  holdOf,
  inviteAndSignIn,
  memberWithReport,
  ops,
  requestReview,
  type Expert,
} from './test-support.ts';

/**
 * Decision 227 on PostgreSQL: the deadlines sweep runs in every worker process, so two may run at
 * once, and an expert may answer while one runs. Each request is acted on once: one lapse, one
 * offer on, one release of its hold, one mail; the ledger sums hold.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createReviewTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearOpenReviews(t));

const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const twoSweeps = (hours: number) =>
  Promise.all([sweepReviewDeadlines(t.deps, { now: later(hours) }), sweepReviewDeadlines(t.deps, { now: later(hours) })]);
const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;

async function offeredTo(e: Expert) {
  const { m, reportId } = await memberWithReport(t);
  const before = await availableOf(t, m);
  const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();
  expect((await assign(t, req.id, e.id)).statusCode).toBe(200);
  return { m, req, before };
}

describe('review deadlines under concurrency (PostgreSQL)', () => {
  it('two sweeps at once: each lapsed offer is sent back once and each unmatched request released once', async () => {
    const e = await inviteAndSignIn(t, { capacity: 20 });
    const rounds = await Promise.all(Array.from({ length: 6 }, () => offeredTo(e)));
    await t.db.query('UPDATE experts SET paused = true WHERE id = $1', [e.id]);

    // 49 h: every offer lapses (once), nobody else is suitable, so each waits for the operators.
    const [a, b] = await twoSweeps(49);
    expect(a.lapsed + b.lapsed).toBe(6);
    expect(a.offered + b.offered + a.unmatched + b.unmatched).toBe(0);
    for (const { req } of rounds) {
      expect(await count(`SELECT count(*)::int AS n FROM review_offers WHERE request_id = $1 AND outcome = 'timed_out'`, [req.id])).toBe(1);
      expect(
        await count(`SELECT count(*)::int AS n FROM operator_audit_log WHERE action = 'review.offer_lapsed' AND target = $1`, [
          `review:${req.id}`,
        ]),
      ).toBe(1);
    }

    // 98 h: the operators' window has passed too; two sweeps, one release each, one mail each.
    const [c, d] = await twoSweeps(98);
    expect(c.unmatched + d.unmatched).toBe(6);
    for (const { m, req, before } of rounds) {
      expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'released', releases: 1 });
      expect(await availableOf(t, m)).toBe(before);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' LIKE 'No expert could take on%'`,
          [m.email],
        ),
      ).toBe(1);
    }
    await expectLedgerHolds(
      t.db,
      rounds.map((r) => r.m.user.id),
    );
  });

  it('two sweeps at once offer a lapsed request on to one expert, once', async () => {
    const first = await inviteAndSignIn(t, { capacity: 20 });
    const rounds = await Promise.all(Array.from({ length: 4 }, () => offeredTo(first)));
    const next = await inviteAndSignIn(t, { capacity: 20 });
    const [a, b] = await twoSweeps(49);
    expect(a.lapsed + b.lapsed).toBe(4);
    expect(a.offered + b.offered).toBe(4);
    for (const { req } of rounds) {
      const offers = await t.db.query<{ expert_id: string; outcome: string | null }>(
        'SELECT expert_id, outcome FROM review_offers WHERE request_id = $1 ORDER BY offered_at',
        [req.id],
      );
      expect(offers.rows).toEqual([
        { expert_id: first.id, outcome: 'timed_out' },
        { expert_id: next.id, outcome: null },
      ]);
      expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'held', releases: 0 });
    }
  });

  it('the expert accepting or declining while the sweep lapses the offer: one of them acts, the hold is never resolved twice', async () => {
    const e = await inviteAndSignIn(t, { capacity: 20 });
    for (let round = 0; round < 6; round++) {
      const { m, req, before } = await offeredTo(e);
      // The offer's time has just passed: the sweep may lapse it while the expert answers.
      await t.db.query(`UPDATE review_requests SET offer_expires_at = now() - interval '1 second' WHERE id = $1`, [req.id]);
      const answer = round % 2 ? 'decline' : 'accept';
      const [res] = await Promise.all([
        asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/${answer}`),
        sweepReviewDeadlines(t.deps, { now: later(0) }),
        sweepReviewDeadlines(t.deps, { now: later(0) }),
      ]);
      expect([200, 409]).toContain(res.statusCode);
      // Past its time an offer is never accepted; a decline and the lapse each send it back, but only one of them does.
      const state = (await t.db.query<{ state: string }>('SELECT state FROM review_requests WHERE id = $1', [req.id])).rows[0]!.state;
      expect(state).not.toBe('accepted');
      const ended = await t.db.query<{ outcome: string }>(
        `SELECT outcome FROM review_offers WHERE request_id = $1 AND outcome IS NOT NULL`,
        [req.id],
      );
      expect(ended.rows).toHaveLength(1);
      expect(await holdOf(t.db, req.id)).toMatchObject({ releases: 0 });
      // Whatever happened, the request can still end once.
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${req.id}/cancel`, headers: ops })).statusCode).toBe(
        200,
      );
      expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'released', releases: 1 });
      expect(await availableOf(t, m)).toBe(before);
      await expectLedgerHolds(t.db, [m.user.id]);
    }
  });
});
