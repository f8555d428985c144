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
} from './test-support.ts';

/**
 * Issue 28, decision 227: an offer not accepted in time lapses, a declined or lapsed request is
 * offered on to the next suitable expert or ends with its tokens returned once, and an accepted
 * review past its due time is flagged. The sweep is run with its clock moved forward, never slept.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createReviewTestApp();
}, 300_000);
afterAll(() => t.close());
beforeEach(() => clearOpenReviews(t));

const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);
const sweep = (hours: number) => sweepReviewDeadlines(t.deps, { now: later(hours) });

type AdminView = ReviewRequestView & {
  expert_id: string | null;
  offers: number;
  offer_expires_at: string | null;
  escalated_at: string | null;
};
const adminView = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/review-requests', headers: ops }))
    .json<{ requests: AdminView[] }>()
    .requests.find((r) => r.id === id)!;
const memberView = async (auth: Record<string, string>, id: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/review-requests', headers: auth }))
    .json<{ requests: ReviewRequestView[] }>()
    .requests.find((r) => r.id === id)!;
const mailsTo = async (to: string, subject: RegExp) =>
  (
    await t.db.query<{ subject: string; text: string }>(
      `SELECT data->>'subject' AS subject, data->>'text' AS text FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1`,
      [to],
    )
  ).rows.filter((m) => subject.test(m.subject));
const auditCount = async (action: string, id: string) =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_audit_log WHERE action = $1 AND target = $2', [
      action,
      `review:${id}`,
    ])
  ).rows[0]!.n;

/** A member's request offered by the operator to `expertId`. */
async function offered(expertId: string) {
  const { m, reportId } = await memberWithReport(t);
  const before = await availableOf(t, m);
  const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();
  const a = await assign(t, req.id, expertId);
  expect(a.statusCode, a.body).toBe(200);
  return { m, reportId, req, before };
}

describe('review deadlines (decision 227)', () => {
  it('an offer not accepted within the accept window lapses and is offered to the next suitable expert', async () => {
    const first = await inviteAndSignIn(t);
    const { req } = await offered(first.id);
    expect((await adminView(req.id)).offer_expires_at).not.toBeNull();
    const second = await inviteAndSignIn(t);

    // Before its time nothing happens.
    expect(await sweep(47)).toMatchObject({ lapsed: 0, offered: 0, unmatched: 0 });
    expect((await adminView(req.id)).state).toBe('assigned');

    expect(await sweep(49)).toMatchObject({ lapsed: 1, offered: 1, unmatched: 0 });
    const row = await adminView(req.id);
    expect(row).toMatchObject({ state: 'assigned', expert_id: second.id, offers: 2 });
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'held', releases: 0 });
    // The lapsed expert cannot take it any more; the new one is mailed and can.
    expect((await asExpert(t, first, 'POST', `/api/expert/assignments/${req.id}/accept`)).statusCode).toBe(409);
    expect(await mailsTo(second.email, /offered to you/)).toHaveLength(1);
    expect((await asExpert(t, second, 'POST', `/api/expert/assignments/${req.id}/accept`)).statusCode).toBe(200);
    expect(await auditCount('review.offer_lapsed', req.id)).toBe(1);
    expect(await auditCount('review.auto_assign', req.id)).toBe(1);
    const offers = await t.db.query<{ expert_id: string; outcome: string; offered_by: string }>(
      'SELECT expert_id, outcome, offered_by FROM review_offers WHERE request_id = $1 ORDER BY offered_at',
      [req.id],
    );
    expect(offers.rows).toEqual([
      { expert_id: first.id, outcome: 'timed_out', offered_by: 'operator' },
      { expert_id: second.id, outcome: 'accepted', offered_by: 'matching' },
    ]);
  });

  it('an offer past its time cannot be accepted even before the sweep has run', async () => {
    const e = await inviteAndSignIn(t);
    const { req } = await offered(e.id);
    await t.db.query(`UPDATE review_requests SET offer_expires_at = now() - interval '1 minute' WHERE id = $1`, [req.id]);
    const res = await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'offer_lapsed' });
  });

  it('a decline puts the request back in the queue with its reason; matching offers it to another suitable expert, never the decliner', async () => {
    const decliner = await inviteAndSignIn(t, { capacity: 5 });
    const { m, req } = await offered(decliner.id);
    // Not suitable: the wrong language, or without room.
    await inviteAndSignIn(t, { languages: ['de'] });
    const full = await inviteAndSignIn(t, { capacity: 1 });
    await offered(full.id);
    const suitable = await inviteAndSignIn(t);

    const declined = await asExpert(t, decliner, 'POST', `/api/expert/assignments/${req.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    // Back in the queue, at the top, with the reason; the member sees it too; the tokens are still held.
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/review-requests', headers: ops })).json<{ requests: AdminView[] }>()
      .requests;
    expect(queue[0]).toMatchObject({ id: req.id, state: 'requested', needs_expert_reason: 'declined', expert_id: null });
    expect(await memberView(m.auth, req.id)).toMatchObject({ state: 'requested', needs_expert_reason: 'declined', expert: null });
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'held' });
    // A second decline by the same expert is refused, not a 404 (it was theirs).
    expect((await asExpert(t, decliner, 'POST', `/api/expert/assignments/${req.id}/decline`)).statusCode).toBe(409);

    expect(await sweep(0)).toMatchObject({ offered: 1, unmatched: 0 });
    expect(await adminView(req.id)).toMatchObject({ state: 'assigned', expert_id: suitable.id, needs_expert_reason: null, offers: 2 });
    expect((await asExpert(t, decliner, 'GET', `/api/expert/assignments/${req.id}`)).statusCode).toBe(404);
  });

  it('matching keeps to the invention’s field when the record tells it', async () => {
    const decliner = await inviteAndSignIn(t, { fields: ['Optics and photonics'] });
    const { reportId, req } = await offered(decliner.id);
    await t.db.query(`UPDATE reports SET record = record || '{"field": "optics_photonics"}'::jsonb WHERE id = $1`, [reportId]);
    await inviteAndSignIn(t, { fields: ['medical devices'] });
    const optics = await inviteAndSignIn(t, { fields: ['optics photonics', 'lasers'] });
    expect((await asExpert(t, decliner, 'POST', `/api/expert/assignments/${req.id}/decline`)).statusCode).toBe(200);
    await sweep(0);
    expect(await adminView(req.id)).toMatchObject({ state: 'assigned', expert_id: optics.id });
  });

  it('with nobody suitable the request waits for the operators; after the accept window the tokens go back once and the member is told', async () => {
    const decliner = await inviteAndSignIn(t);
    const { m, req, before } = await offered(decliner.id);
    expect((await asExpert(t, decliner, 'POST', `/api/expert/assignments/${req.id}/decline`)).statusCode).toBe(200);

    // Nobody suitable yet: it waits in the queue (the operators may offer it by hand).
    expect(await sweep(1)).toMatchObject({ offered: 0, unmatched: 0 });
    expect((await adminView(req.id)).state).toBe('requested');

    expect(await sweep(49)).toMatchObject({ unmatched: 1 });
    expect(await sweep(50)).toMatchObject({ unmatched: 0 });
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'released', releases: 1 });
    expect(await availableOf(t, m)).toBe(before);
    expect(await memberView(m.auth, req.id)).toMatchObject({ state: 'unmatched', end_reason: 'no_expert', needs_expert_reason: null });
    const mails = await mailsTo(m.email, /No expert could take on/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('No suitable expert was free');
    expect(await auditCount('review.unmatched', req.id)).toBe(1);
    await expectLedgerHolds(t.db, [m.user.id]);
  });

  it('after REVIEW_MAX_OFFERS offers the request ends rather than being offered again', async () => {
    const first = await inviteAndSignIn(t);
    const { m, req, before } = await offered(first.id);
    const second = await inviteAndSignIn(t);
    await sweep(49); // lapsed → offered to the second
    expect(await adminView(req.id)).toMatchObject({ expert_id: second.id, offers: 2 });
    await inviteAndSignIn(t); // a third would be suitable, but two offers (the default) are all it gets
    expect((await asExpert(t, second, 'POST', `/api/expert/assignments/${req.id}/decline`)).statusCode).toBe(200);
    expect(await sweep(50)).toMatchObject({ offered: 0, unmatched: 1 });
    expect(await memberView(m.auth, req.id)).toMatchObject({ state: 'unmatched', end_reason: 'offers_used' });
    expect(await availableOf(t, m)).toBe(before);
    expect(await mailsTo(m.email, /No expert could take on/)).toHaveLength(1);
  });

  it('a request nobody accepted by its due time ends, even one the operators never offered', async () => {
    const { m, reportId } = await memberWithReport(t);
    const before = await availableOf(t, m);
    const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();
    expect(await sweep(24)).toMatchObject({ unmatched: 0 }); // a new request is the operators' to offer
    const dueIn = (Date.parse(req.due_at) - Date.now()) / HOUR;
    expect(await sweep(dueIn + 1)).toMatchObject({ unmatched: 1 });
    expect(await memberView(m.auth, req.id)).toMatchObject({ state: 'unmatched', end_reason: 'deadline' });
    expect(await availableOf(t, m)).toBe(before);
  });

  it('an accepted review past its due time is flagged to the operators once; no money moves', async () => {
    const e = await inviteAndSignIn(t);
    const { m, req } = await offered(e.id);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/accept`)).statusCode).toBe(200);
    const dueIn = (Date.parse(req.due_at) - Date.now()) / HOUR;
    expect(await sweep(dueIn - 1)).toMatchObject({ escalated: 0 });
    expect((await adminView(req.id)).escalated_at).toBeNull();

    expect(await sweep(dueIn + 1)).toMatchObject({ escalated: 1 });
    expect(await sweep(dueIn + 2)).toMatchObject({ escalated: 0 });
    const row = await adminView(req.id);
    expect(row.state).toBe('accepted');
    expect(row.escalated_at).not.toBeNull();
    expect(await auditCount('review.overdue', req.id)).toBe(1);
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'held', releases: 0 });
    await expectLedgerHolds(t.db, [m.user.id]);
  });
});
