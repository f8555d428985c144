import type { ReviewRequestView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import {
  asExpert,
  assign,
  createReviewTestApp,
  inviteAndSignIn,
  memberWithReport,
  requestReview,
  REVIEW,
  type Expert,
} from './test-support.ts';

/**
 * Drafts under concurrency on PostgreSQL (decision 233): two tabs (here two server processes on
 * one database) saving at once never mix their fields — the draft is one of the saves, whole, and
 * every save is counted; saves racing the delivery either land before it (and go with it) or are
 * refused, so no draft outlives its review.
 */
let t: TestApp;
let second: TestApp;
let expert: Expert;
beforeAll(async () => {
  t = await createReviewTestApp();
  // The same settings as the first process (the signup bonus is written to the shared database at start).
  second = await createTestApp({ SIGNUP_BONUS_TOKENS: '20000' }, { sameDatabaseAs: t });
  expert = await inviteAndSignIn(t, { capacity: 50 });
}, 300_000);
afterAll(async () => {
  await second.close();
  await t.close();
});

const draft = (i: number) => ({
  verdicts: {
    novelty: { verdict: i % 2 ? 'strong' : 'weak', note: `novelty ${i}` },
    market: { verdict: 'adequate', note: `market ${i}` },
    maturity: { verdict: 'adequate', note: `maturity ${i}` },
    ip_route: { verdict: 'adequate', note: `ip ${i}` },
  },
  recommendation: 'hold_for_data',
  reasons: `reasons ${i} `.repeat(200),
  answers: `answers ${i}`,
  comments: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ section: 'technology', text: `comment ${i}.${k}` })),
});
const save = (app: TestApp, id: string, i: number) =>
  app.app.inject({ method: 'PUT', url: `/api/expert/assignments/${id}/draft`, headers: expert.cookie, payload: draft(i) });

async function accepted() {
  const { m, reportId } = await memberWithReport(t);
  const created = await requestReview(t, m, reportId);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<ReviewRequestView>().id;
  expect((await assign(t, id, expert.id)).statusCode).toBe(200);
  expect((await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/accept`)).statusCode).toBe(200);
  return id;
}

describe('review drafts under concurrency (PostgreSQL)', () => {
  it('sixteen saves at once from two processes: every one counted, the draft is exactly one of them', async () => {
    const id = await accepted();
    const res = await Promise.all(Array.from({ length: 16 }, (_, i) => save(i % 2 ? second : t, id, i)));
    expect(res.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
    const row = (
      await t.db.query<{ content: ReturnType<typeof draft>; revision: number }>(
        'SELECT content, revision FROM review_drafts WHERE request_id = $1',
        [id],
      )
    ).rows;
    expect(row).toHaveLength(1);
    expect(row[0]!.revision).toBe(16);
    // Whole: every field comes from the same save (the last one to commit).
    const n = Number(/^novelty (\d+)$/.exec(row[0]!.content.verdicts.novelty.note)![1]);
    expect(row[0]!.content).toEqual(draft(n));
    // The revisions the saves answered are 1..16, each once: none lost, none repeated.
    expect(res.map((r) => r.json<{ revision: number }>().revision).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
  });

  it('saves racing the delivery: each lands before it or is refused, and no draft is left after', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await accepted();
      expect((await save(t, id, 0)).statusCode).toBe(200);
      const [delivered, ...saves] = await Promise.all([
        asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/review`, REVIEW),
        ...Array.from({ length: 8 }, (_, i) => save(i % 2 ? second : t, id, i + 1)),
      ]);
      expect(delivered!.statusCode, delivered!.body).toBe(200);
      for (const s of saves) {
        expect([200, 409]).toContain(s.statusCode);
        if (s.statusCode === 409)
          expect(s.json()).toMatchObject({ detail: 'Drafts are kept only while you are reviewing an accepted request' });
      }
      expect((await t.db.query('SELECT 1 FROM review_drafts WHERE request_id = $1', [id])).rows).toEqual([]);
      expect((await t.db.query<{ state: string }>('SELECT state FROM review_requests WHERE id = $1', [id])).rows[0]!.state).toBe(
        'delivered',
      );
    }
  });
});
