import { MSG, type ExpertAssignmentView, type ReviewRequestView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import type { TestApp } from '../../../test/test-app.ts';
import {
  asExpert,
  assign,
  createReviewTestApp,
  inviteAndSignIn,
  memberWithReport,
  ops,
  requestReview,
  REVIEW,
  type Expert,
} from './test-support.ts';

/** Issue 28 item 4 (decision 232): the member rates a delivered review once; the operator and the expert see it. */
let t: TestApp;
let e: Expert;
beforeAll(async () => {
  t = await createReviewTestApp();
  // Room for every review this file delivers.
  e = await inviteAndSignIn(t, { capacity: 20 });
}, 300_000);
afterAll(() => t.close());

/** A member's request taken as far as `until`: requested, offered (assigned), accepted or delivered. */
async function requestUntil(until: 'requested' | 'assigned' | 'accepted' | 'delivered'): Promise<{ m: Member; id: string }> {
  const { m, reportId } = await memberWithReport(t);
  const created = await requestReview(t, m, reportId);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<ReviewRequestView>().id;
  if (until === 'requested') return { m, id };
  expect((await assign(t, id, e.id)).statusCode).toBe(200);
  if (until === 'assigned') return { m, id };
  expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${id}/accept`)).statusCode).toBe(200);
  if (until === 'accepted') return { m, id };
  const delivered = await asExpert(t, e, 'POST', `/api/expert/assignments/${id}/review`, REVIEW);
  expect(delivered.statusCode, delivered.body).toBe(200);
  return { m, id };
}

const rate = (m: Member, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/review-requests/${id}/rating`, headers: m.auth, payload });

describe('the member rates a delivered review', () => {
  it('rates once; the member, the operator’s queue and the expert (without the member’s identity) see it', async () => {
    const { m, id } = await requestUntil('delivered');
    const res = await rate(m, id, { stars: 4, comment: '  Clear and useful.\nThe IP route answer helped.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<ReviewRequestView>();
    expect(view).toMatchObject({ id, state: 'delivered', rating: { stars: 4, comment: 'Clear and useful.\nThe IP route answer helped.' } });
    expect(Date.parse(view.rating!.rated_at)).not.toBeNaN();

    const mine = (await t.app.inject({ method: 'GET', url: '/api/review-requests', headers: m.auth })).json<{
      requests: ReviewRequestView[];
    }>();
    expect(mine.requests.find((r) => r.id === id)?.rating).toMatchObject({ stars: 4 });

    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/review-requests?state=delivered', headers: ops })).json<{
      requests: ReviewRequestView[];
    }>();
    expect(queue.requests.find((r) => r.id === id)?.rating).toMatchObject({
      stars: 4,
      comment: 'Clear and useful.\nThe IP route answer helped.',
    });

    const list = (await asExpert(t, e, 'GET', '/api/expert/assignments')).json<{ assignments: ExpertAssignmentView[] }>();
    const mineAsExpert = list.assignments.find((a) => a.id === id);
    expect(mineAsExpert?.rating).toMatchObject({ stars: 4 });
    const detail = await asExpert(t, e, 'GET', `/api/expert/assignments/${id}`);
    expect(detail.json()).toMatchObject({ rating: { stars: 4, comment: 'Clear and useful.\nThe IP route answer helped.' } });
    expect(detail.body).not.toContain(m.email);
    expect(JSON.stringify(list)).not.toContain(m.email);
  });

  it('a second rating is a 409, and of two sent at once exactly one is kept', async () => {
    const { m, id } = await requestUntil('delivered');
    expect((await rate(m, id, { stars: 5 })).statusCode).toBe(201);
    const again = await rate(m, id, { stars: 1, comment: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_rated', detail: 'You have already rated this review' });

    const other = await requestUntil('delivered');
    const both = await Promise.all([rate(other.m, other.id, { stars: 2 }), rate(other.m, other.id, { stars: 3 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.query<{ stars: number }>('SELECT stars FROM review_ratings WHERE request_id = $1', [other.id]);
    expect(rows.rows).toHaveLength(1);
    // Kept as first written: the table refuses edits.
    await expect(t.db.query('UPDATE review_ratings SET stars = 5 WHERE request_id = $1', [other.id])).rejects.toThrow(/immutable/);
  });

  it('a review not delivered yet cannot be rated (409), nor one cancelled', async () => {
    for (const until of ['requested', 'assigned', 'accepted'] as const) {
      const { m, id } = await requestUntil(until);
      const res = await rate(m, id, { stars: 3 });
      expect(res.statusCode, until).toBe(409);
      expect(res.json(), until).toMatchObject({ code: 'not_delivered', detail: 'Only a delivered review can be rated' });
    }
    const { m, id } = await requestUntil('requested');
    expect((await t.app.inject({ method: 'POST', url: `/api/review-requests/${id}/cancel`, headers: m.auth })).statusCode).toBe(200);
    expect((await rate(m, id, { stars: 3 })).statusCode).toBe(409);
    expect((await t.db.query('SELECT 1 FROM review_ratings WHERE request_id = $1', [id])).rows).toEqual([]);
  });

  it('another member’s request, an unknown one or a malformed id is a 404; no session is a 401', async () => {
    const { id } = await requestUntil('delivered');
    const stranger = await signUpAndLogin(t);
    const res = await rate(stranger, id, { stars: 1, comment: 'not mine' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Not found' });
    expect((await rate(stranger, crypto.randomUUID(), { stars: 1 })).statusCode).toBe(404);
    expect((await rate(stranger, 'not-a-uuid', { stars: 1 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/review-requests/${id}/rating`, payload: { stars: 5 } })).statusCode).toBe(401);
    // An expert's session is not a member's either.
    expect((await asExpert(t, e, 'POST', `/api/review-requests/${id}/rating`, { stars: 5 })).statusCode).toBe(401);
    expect((await t.db.query('SELECT 1 FROM review_ratings WHERE request_id = $1', [id])).rows).toEqual([]);
  });

  it('refuses stars outside 1–5, a long comment and control characters with a 422 naming the field', async () => {
    const { m, id } = await requestUntil('delivered');
    for (const stars of [0, 6, -1, 3.5, '4', null, undefined]) {
      const res = await rate(m, id, { stars, comment: 'fine' });
      expect(res.statusCode, String(stars)).toBe(422);
      expect(res.json(), String(stars)).toMatchObject({
        code: 'validation_error',
        detail: 'Choose from 1 to 5 stars',
        errors: { stars: 'Choose from 1 to 5 stars' },
      });
    }
    const long = await rate(m, id, { stars: 4, comment: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { comment: 'Keep the comment to 1,000 characters' } });
    for (const bad of ['nul \u0000 here', 'bell \u0007', 'escape \u001b[31m', 'c1 \u0085']) {
      const res = await rate(m, id, { stars: 4, comment: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json(), JSON.stringify(bad)).toMatchObject({
        detail: MSG.textControlCharacters,
        errors: { comment: MSG.textControlCharacters },
      });
    }
    // None of the refused ones counted: the member can still rate, exactly 1000 characters with a tab is fine.
    const ok = await rate(m, id, { stars: 1, comment: `\t${'y'.repeat(998)}z` });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<ReviewRequestView>().rating?.comment).toHaveLength(999);
  });
});

describe('the expert portal shows an offer’s accept-by time (decision 227)', () => {
  it('an offered review carries offer_expires_at; once accepted it is gone', async () => {
    const { id } = await requestUntil('assigned');
    const listed = (await asExpert(t, e, 'GET', '/api/expert/assignments'))
      .json<{ assignments: ExpertAssignmentView[] }>()
      .assignments.find((a) => a.id === id)!;
    const stored = (await t.db.query<{ offer_expires_at: Date }>('SELECT offer_expires_at FROM review_requests WHERE id = $1', [id]))
      .rows[0]!;
    expect(listed.offer_expires_at).toBe(stored.offer_expires_at.toISOString());
    expect((await asExpert(t, e, 'GET', `/api/expert/assignments/${id}`)).json()).toMatchObject({
      offer_expires_at: stored.offer_expires_at.toISOString(),
    });
    const accepted = await asExpert(t, e, 'POST', `/api/expert/assignments/${id}/accept`);
    expect(accepted.json()).toMatchObject({ state: 'accepted', offer_expires_at: null });
  });
});
