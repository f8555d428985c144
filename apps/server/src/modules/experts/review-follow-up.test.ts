import { MSG, type ExpertAssignmentView, type ReviewRequestView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { asExpert, availableOf, createReviewTestApp, inviteAndSignIn, ops, reviewUntil, waitFor, type Expert } from './test-support.ts';

/**
 * Issue 28 item 4 (decision 234): after delivery the member asks one round of follow-up questions,
 * free of charge, within the window; the expert sees them, answers once; each side is e-mailed.
 */
let t: TestApp;
let e: Expert;
let other: Expert;
beforeAll(async () => {
  t = await createReviewTestApp();
  await t.startWorker();
  e = await inviteAndSignIn(t, { capacity: 30 });
  other = await inviteAndSignIn(t, { capacity: 5, name: 'Other Expert' });
}, 300_000);
afterAll(() => t.close());

const ask = (m: Member, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/review-requests/${id}/follow-up`, headers: m.auth, payload });
const answer = (x: Expert, id: string, payload: object) => asExpert(t, x, 'POST', `/api/expert/assignments/${id}/follow-up`, payload);
const mailTo = (to: string, subject: RegExp) =>
  waitFor(async () => t.smtp.received.find((r) => r.to.includes(to) && subject.test(r.subject)), 20_000);
const mine = async (m: Member, id: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/review-requests', headers: m.auth }))
    .json<{ requests: ReviewRequestView[] }>()
    .requests.find((r) => r.id === id)!;

describe('the follow-up round', () => {
  it('the member asks once, free; the expert is mailed and sees it; answers once; the member is mailed and reads the answers', async () => {
    const { m, id } = await reviewUntil(t, e, 'delivered');
    const before = await mine(m, id);
    expect(before.follow_up).toBeNull();
    // The window is the access period from delivery.
    expect(Date.parse(before.follow_up_until!) - Date.parse(before.review!.delivered_at)).toBeGreaterThan(29.9 * 86_400_000);
    const balance = await availableOf(t, m);

    const res = await ask(m, id, { questions: ['  Would a method claim cover the phone app?  ', 'Which licensee\nshould I call first?'] });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<ReviewRequestView>();
    expect(view.follow_up).toMatchObject({
      questions: ['Would a method claim cover the phone app?', 'Which licensee\nshould I call first?'],
      answers: null,
      answered_at: null,
    });
    expect(view.follow_up_until).toBeNull();
    // No charge: the balance did not move, and no hold was placed.
    expect(await availableOf(t, m)).toBe(balance);
    expect((await t.db.query(`SELECT 1 FROM token_holds WHERE charge LIKE 'follow%'`)).rows).toEqual([]);

    // The expert hears of it (not who asked, nor the title) and sees it on the assignment.
    const asked = await mailTo(e.email, /Follow-up questions/);
    expect(asked.raw).not.toContain(m.email);
    expect(asked.raw).not.toContain('Silver hydrogel');
    const listed = (await asExpert(t, e, 'GET', '/api/expert/assignments'))
      .json<{ assignments: ExpertAssignmentView[] }>()
      .assignments.find((a) => a.id === id)!;
    expect(listed.follow_up).toMatchObject({
      questions: ['Would a method claim cover the phone app?', 'Which licensee\nshould I call first?'],
      answers: null,
    });

    const answered = await answer(e, id, {
      answers: ['Yes, if it is claimed as a method of reading.', 'A dressing maker with a silver line.'],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      follow_up: { answers: ['Yes, if it is claimed as a method of reading.', 'A dressing maker with a silver line.'] },
    });
    const audit = await t.db.query<{ operator_username: string }>(
      `SELECT operator_username FROM operator_audit_log WHERE action = 'expert.follow_up_answered' AND target = $1`,
      [`review:${id}`],
    );
    expect(audit.rows).toEqual([{ operator_username: `expert:${e.email}` }]);
    const told = await mailTo(m.email, /follow-up questions are answered/);
    expect(told.raw).toContain('Grace Hopper');

    const after = await mine(m, id);
    expect(after.follow_up).toMatchObject({
      answers: ['Yes, if it is claimed as a method of reading.', 'A dressing maker with a silver line.'],
    });
    expect(Date.parse(after.follow_up!.answered_at!)).not.toBeNaN();

    // A second round, and a second answer, are refused with a clear detail; nothing changed.
    const again = await ask(m, id, { questions: ['One more?'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'follow_up_asked',
      detail: 'You have already asked your follow-up questions for this review: one round is included',
    });
    const twice = await answer(e, id, { answers: ['Changed', 'my mind'] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'follow_up_answered' });
    await expect(t.db.query(`UPDATE review_follow_ups SET answers = ARRAY['x', 'y'] WHERE request_id = $1`, [id])).rejects.toThrow(
      /answered once/,
    );
    expect((await mine(m, id)).follow_up?.answers?.[0]).toBe('Yes, if it is claimed as a method of reading.');
  });

  it('only on a delivered review (409), within the window (409), and as a bounded list (422)', async () => {
    for (const until of ['requested', 'assigned', 'accepted'] as const) {
      const { m, id } = await reviewUntil(t, e, until);
      const res = await ask(m, id, { questions: ['Too early?'] });
      expect(res.statusCode, until).toBe(409);
      expect(res.json()).toMatchObject({ code: 'not_delivered' });
      await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${id}/cancel`, headers: ops });
    }
    const late = await reviewUntil(t, e, 'delivered');
    await t.db.query(`UPDATE review_requests SET resolved_at = now() - interval '31 days' WHERE id = $1`, [late.id]);
    expect((await mine(late.m, late.id)).follow_up_until).toBeNull();
    const closed = await ask(late.m, late.id, { questions: ['Still there?'] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'follow_up_closed',
      detail: 'Follow-up questions can be asked within 30 days of delivery',
    });

    const { m, id } = await reviewUntil(t, e, 'delivered');
    const bad: [object, string][] = [
      [{ questions: [] }, 'Ask at least one question'],
      [{}, 'Ask at least one question'],
      [{ questions: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Ask at most 5 questions'],
      [{ questions: ['   '] }, 'Write the question, or remove it'],
      [{ questions: ['x'.repeat(1001)] }, 'Keep each question to 1,000 characters'],
      [{ questions: ['bell \u0007'] }, MSG.textControlCharacters],
    ];
    for (const [payload, detail] of bad) {
      const res = await ask(m, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json<{ detail: string }>().detail, JSON.stringify(payload)).toBe(detail);
    }
    // None of them used the round.
    expect((await ask(m, id, { questions: ['x'.repeat(1000)] })).statusCode).toBe(201);
  });

  it('another member, another expert, an unknown or a malformed id: 404; an expert or no session cannot ask, a member cannot answer', async () => {
    const { m, id } = await reviewUntil(t, e, 'delivered');
    const stranger = await signUpAndLogin(t);
    for (const target of [id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await ask(stranger, target, { questions: ['Mine?'] });
      expect(res.statusCode, target).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Not found' });
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/review-requests/${id}/follow-up`, payload: { questions: ['?'] } })).statusCode,
    ).toBe(401);
    expect((await asExpert(t, e, 'POST', `/api/review-requests/${id}/follow-up`, { questions: ['?'] })).statusCode).toBe(401);
    expect((await ask(m, id, { questions: ['Is it novel in Europe too?'] })).statusCode).toBe(201);

    for (const target of [id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await answer(other, target, { answers: ['Not mine to answer'] });
      expect(res.statusCode, target).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/expert/assignments/${id}/follow-up`, headers: m.auth, payload: { answers: ['x'] } }))
        .statusCode,
    ).toBe(401);
    // One answer per question, each written.
    expect((await answer(e, id, { answers: ['One', 'Two'] })).json()).toMatchObject({
      code: 'answer_each',
      detail: 'Answer each question',
    });
    expect((await answer(e, id, { answers: [''] })).statusCode).toBe(422);
    expect((await t.db.query('SELECT answers FROM review_follow_ups WHERE request_id = $1', [id])).rows).toEqual([{ answers: null }]);
    expect((await answer(e, id, { answers: ['Yes: the EPO searches the same prior art.'] })).statusCode).toBe(200);
  });

  it('an expert answers only what was asked (409), and keeps the invention open while a late question waits', async () => {
    const { m, id } = await reviewUntil(t, e, 'delivered');
    const none = await answer(e, id, { answers: ['Unasked'] });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'no_follow_up', detail: 'The member has not asked follow-up questions' });

    // Delivered 29 days ago: the question on day 29 opens the access period again for the answer.
    await t.db.query(`UPDATE review_requests SET resolved_at = now() - interval '29 days' WHERE id = $1`, [id]);
    expect((await ask(m, id, { questions: ['Late, but within the window?'] })).statusCode).toBe(201);
    await t.db.query(`UPDATE review_requests SET resolved_at = now() - interval '31 days' WHERE id = $1`, [id]);
    const detail = await asExpert(t, e, 'GET', `/api/expert/assignments/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ follow_up: { questions: ['Late, but within the window?'] } });
    expect(detail.json<{ record: unknown }>().record).not.toBeNull();
    // Once the follow-up is older than the access period too, the review is gone from the portal.
    await t.db.query(`ALTER TABLE review_follow_ups DISABLE TRIGGER review_follow_ups_write_once`);
    await t.db.query(`UPDATE review_follow_ups SET asked_at = now() - interval '31 days' WHERE request_id = $1`, [id]);
    await t.db.query(`ALTER TABLE review_follow_ups ENABLE TRIGGER review_follow_ups_write_once`);
    expect((await asExpert(t, e, 'GET', `/api/expert/assignments/${id}`)).statusCode).toBe(404);
    expect((await answer(e, id, { answers: ['Too late'] })).statusCode).toBe(404);
  });
});
