import { REVIEW_PRICES, type ReviewRequestView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { sweepReviewDeadlines } from './review-deadlines.ts';
import type { TestApp } from '../../../test/test-app.ts';
import {
  asExpert,
  assign,
  availableOf,
  createReviewTestApp,
  GOOD_PASSWORD,
  holdOf,
  inviteAndSignIn,
  memberWithReport,
  ops,
  requestReview,
  REVIEW,
  seedCompletedReport,
  waitFor,
} from './test-support.ts';

/** Issue 28 (decision 230): experts as a role, a member's review request, its hold, the expert's work, delivery. */
let t: TestApp;
// Generous: the suite's start (a fresh database, the worker) has taken over a minute on a loaded 2-core machine.
beforeAll(async () => {
  t = await createReviewTestApp();
  await t.startWorker();
}, 300_000);
afterAll(() => t.close());

const price = REVIEW_PRICES.basic;
const mailTo = (to: string, subject: RegExp) =>
  waitFor(async () => t.smtp.received.find((r) => r.to.includes(to) && subject.test(r.subject)), 20_000);
const auditRows = async (action: string, target: string) =>
  (
    await t.db.query<{ operator_username: string; details: Record<string, unknown> }>(
      'SELECT operator_username, details FROM operator_audit_log WHERE action = $1 AND target = $2',
      [action, target],
    )
  ).rows;

describe('experts are a role of their own', () => {
  it('an operator invites an expert; the e-mailed link sets a password once (the member rules) and signs in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/experts',
      headers: ops,
      payload: {
        email: 'Ada.Expert@Example.com',
        name: 'Ada Expert',
        fields: ['optics'],
        languages: ['en'],
        country: 'gb',
        rttp_number: 'RTTP-1',
        rates: { basic: 1000, advanced: 2000, comprehensive: 3000 },
        capacity: 2,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { expert, invitation_url } = res.json<{
      expert: { id: string; state: string; country: string; email: string };
      invitation_url: string;
    }>();
    expect(expert).toMatchObject({ state: 'invited', country: 'GB', email: 'ada.expert@example.com' });
    const mail = await mailTo('ada.expert@example.com', /invited/);
    const token = new URL(invitation_url).searchParams.get('token')!;
    expect(mail.raw).toContain(token.slice(0, 20));
    expect(JSON.stringify((await t.db.query('SELECT * FROM experts WHERE id = $1', [expert.id])).rows)).not.toContain(token);
    expect(await auditRows('expert.invite', `expert:${expert.id}`)).toHaveLength(1);
    // The same e-mail twice is a conflict, not a second account.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/experts',
          headers: ops,
          payload: {
            email: 'ada.expert@example.com',
            name: 'X',
            fields: ['a'],
            languages: ['en'],
            country: 'GB',
            rttp_number: 'R',
            rates: { basic: 1, advanced: 1, comprehensive: 1 },
            capacity: 1,
          },
        })
      ).statusCode,
    ).toBe(409);

    const weak = await t.app.inject({ method: 'POST', url: '/api/expert/invitation', payload: { token, password: 'alllowercase' } });
    expect(weak.statusCode).toBe(422);
    const ok = await t.app.inject({ method: 'POST', url: '/api/expert/invitation', payload: { token, password: GOOD_PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/expert/);
    const again = await t.app.inject({ method: 'POST', url: '/api/expert/invitation', payload: { token, password: GOOD_PASSWORD } });
    expect(again.statusCode).toBe(400);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/expert/login',
      payload: { email: 'ada.expert@example.com', password: 'Wrong-password1' },
    });
    expect(wrong.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/expert/login',
      payload: { email: 'ADA.EXPERT@example.com', password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ name: 'Ada Expert', undertaking_accepted: false });
  });

  it('nothing but the undertaking opens before it is accepted, and accepting it is on the record', async () => {
    const e = await inviteAndSignIn(t, {}, { undertaking: false });
    expect((await asExpert(t, e, 'GET', '/api/expert/assignments')).statusCode).toBe(403);
    expect((await asExpert(t, e, 'GET', '/api/expert/me')).json()).toMatchObject({ undertaking_accepted: false });
    expect((await asExpert(t, e, 'POST', '/api/expert/undertaking')).json()).toMatchObject({ undertaking_accepted: true });
    expect((await asExpert(t, e, 'GET', '/api/expert/assignments')).statusCode).toBe(200);
    expect(await auditRows('expert.undertaking', `expert:${e.id}`)).toHaveLength(1);
  });

  it('an expert session reaches no member or operator endpoint; a member or an operator reaches no expert endpoint', async () => {
    const e = await inviteAndSignIn(t);
    const { m } = await memberWithReport(t);
    for (const url of ['/api/users/me', '/api/reports', '/api/review-requests', '/api/tokens/balance']) {
      expect((await t.app.inject({ method: 'GET', url, headers: e.cookie })).statusCode, url).toBe(401);
    }
    for (const url of ['/api/admin/experts', '/api/admin/review-requests', '/api/admin/users']) {
      expect((await t.app.inject({ method: 'GET', url, headers: e.cookie })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: m.auth })).statusCode, url).toBe(401);
    }
    for (const url of ['/api/expert/me', '/api/expert/assignments']) {
      expect((await t.app.inject({ method: 'GET', url, headers: m.auth })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: ops })).statusCode, url).toBe(401);
      // A member's access token sent as if it were the expert cookie is no expert session either.
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: `assay_expert=${m.access_token}` } })).statusCode, url).toBe(401);
    }
    // Signing out ends the session at once.
    expect((await asExpert(t, e, 'POST', '/api/expert/logout')).statusCode).toBe(200);
    expect((await asExpert(t, e, 'GET', '/api/expert/me')).statusCode).toBe(401);
  });
});

describe('a member requests a review; its tokens are held, then captured or released exactly once', () => {
  it('quotes, holds the price, refuses a second open request, and lists the member’s own requests only', async () => {
    const { m, reportId } = await memberWithReport(t);
    const before = await availableOf(t, m);
    const quote = (await t.app.inject({ method: 'GET', url: `/api/reports/${reportId}/review-quote`, headers: m.auth })).json();
    expect(quote).toEqual({ price, balance: before, balance_after: before - price, turnaround_days: 7 });
    const res = await requestReview(t, m, reportId, { sections: ['executive_summary'], questions: 'Is it novel?' });
    expect(res.statusCode, res.body).toBe(201);
    const req = res.json<ReviewRequestView>();
    expect(req).toMatchObject({
      state: 'requested',
      price,
      sections: ['executive_summary'],
      questions: 'Is it novel?',
      expert: null,
      review: null,
    });
    expect(await availableOf(t, m)).toBe(before - price);
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'held', amount: price });
    expect((await requestReview(t, m, reportId)).statusCode).toBe(409);
    const other = await signUpAndLogin(t);
    expect((await requestReview(t, other, reportId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/review-requests', headers: other.auth })).json()).toEqual({ requests: [] });
    expect((await t.app.inject({ method: 'POST', url: `/api/review-requests/${req.id}/cancel`, headers: other.auth })).statusCode).toBe(
      404,
    );
    const mine = (await t.app.inject({ method: 'GET', url: `/api/review-requests?report_id=${reportId}`, headers: m.auth })).json<{
      requests: ReviewRequestView[];
    }>();
    expect(mine.requests.map((r) => r.id)).toEqual([req.id]);
    // The report, or the account, cannot be deleted while its review is open (the hold would be orphaned).
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/${reportId}`, headers: m.auth })).statusCode).toBe(409);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: m.auth, payload: { password: GOOD_PASSWORD } });
    expect(gone.statusCode, gone.body).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'review_open' });
    // The member cancels before anyone accepted: the tokens come back once.
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/review-requests/${req.id}/cancel`, headers: m.auth });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect((await t.app.inject({ method: 'POST', url: `/api/review-requests/${req.id}/cancel`, headers: m.auth })).statusCode).toBe(409);
    expect(await availableOf(t, m)).toBe(before);
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'released', releases: 1 });
  });

  it('refuses bad input with a 4xx: an unknown or foreign section, a report not completed, too few tokens, a malformed id', async () => {
    const { m, reportId } = await memberWithReport(t);
    expect((await requestReview(t, m, reportId, { sections: ['not_a_section'], questions: '' })).statusCode).toBe(422);
    // A comprehensive-only section in a basic report.
    expect((await requestReview(t, m, reportId, { sections: ['risk_assessment'], questions: '' })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await requestReview(t, m, reportId, { questions: 'x'.repeat(4001) })).statusCode).toBe(422);
    expect((await requestReview(t, m, 'not-a-uuid')).statusCode).toBe(404);
    expect((await requestReview(t, m, `${reportId}%00`)).statusCode).toBeGreaterThanOrEqual(400);
    await t.db.query(`UPDATE reports SET status = 'processing', completed_at = NULL WHERE id = $1`, [reportId]);
    expect((await requestReview(t, m, reportId)).statusCode).toBe(409);
    // 20,000 tokens (the test's signup bonus) pay for two comprehensive reviews (10,000 each), not a third.
    const { m: rich, reportId: a } = await memberWithReport(t, 'comprehensive');
    const b = await seedCompletedReport(t, rich.user.id, 'comprehensive');
    const c = await seedCompletedReport(t, rich.user.id, 'comprehensive');
    expect((await requestReview(t, rich, a)).statusCode).toBe(201);
    expect((await requestReview(t, rich, b)).statusCode).toBe(201);
    const short = await requestReview(t, rich, c);
    expect(short.statusCode).toBe(403);
    expect(short.json<{ detail: string }>().detail).toMatch(/Insufficient tokens/);
  });

  it('runs end to end: assigned, accepted, read (logged), delivered (captured once), seen by the member and mailed', async () => {
    const e = await inviteAndSignIn(t, { name: 'Katherine Johnson', rttp_number: 'RTTP-777' });
    const { m, reportId } = await memberWithReport(t);
    const before = await availableOf(t, m);
    const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();

    // Nobody else's: another expert sees nothing of it.
    const stranger = await inviteAndSignIn(t);
    const assigned = await assign(t, req.id, e.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ state: 'assigned', expert_id: e.id, member_email: m.email });
    expect(await mailTo(e.email, /offered/)).toBeTruthy();
    expect((await assign(t, req.id, stranger.id)).statusCode).toBe(409);
    expect((await asExpert(t, stranger, 'GET', `/api/expert/assignments/${req.id}`)).statusCode).toBe(404);
    expect((await asExpert(t, stranger, 'POST', `/api/expert/assignments/${req.id}/accept`)).statusCode).toBe(404);
    expect((await asExpert(t, stranger, 'GET', `/api/expert/assignments/${req.id}/pdf`)).statusCode).toBe(404);
    expect((await asExpert(t, stranger, 'GET', '/api/expert/assignments')).json()).toEqual({ assignments: [] });

    // The member sees who will read the invention.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/review-requests', headers: m.auth })).json<{
      requests: ReviewRequestView[];
    }>();
    expect(listed.requests[0]!.expert).toEqual({ name: 'Katherine Johnson', rttp_number: 'RTTP-777' });

    // Offered, not accepted: the expert sees the request but not the invention.
    const offered = (await asExpert(t, e, 'GET', `/api/expert/assignments/${req.id}`)).json<{
      record: unknown;
      fee: number;
      state: string;
    }>();
    expect(offered).toMatchObject({ state: 'assigned', record: null, fee: 3000 });
    expect(JSON.stringify(offered)).not.toContain(m.email);
    expect((await asExpert(t, e, 'GET', `/api/expert/assignments/${req.id}/pdf`)).statusCode).toBe(404);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/review`, REVIEW)).statusCode).toBe(409);

    const accepted = await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ record: { name: string } }>().record.name).toBe('Silver hydrogel dressing');
    const pdf = await asExpert(t, e, 'GET', `/api/expert/assignments/${req.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.toString('latin1').startsWith('%PDF-')).toBe(true);
    const views = await auditRows('expert.report_view', `review:${req.id}`);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ operator_username: `expert:${e.email}`, details: { expert_id: e.id, report_id: reportId } });
    expect(await auditRows('expert.pdf_view', `review:${req.id}`)).toHaveLength(1);
    // Accepted: the member can no longer cancel (the operator can).
    expect((await t.app.inject({ method: 'POST', url: `/api/review-requests/${req.id}/cancel`, headers: m.auth })).statusCode).toBe(409);

    // A malformed review is a 422 and changes nothing.
    expect(
      (await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/review`, { ...REVIEW, recommendation: 'maybe' })).statusCode,
    ).toBe(422);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/review`, { ...REVIEW, reasons: '' })).statusCode).toBe(422);
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'held' });

    const delivered = await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/review`, REVIEW);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({
      state: 'delivered',
      review: { recommendation: 'hold_for_data', expert_name: 'Katherine Johnson' },
    });
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'captured', releases: 0 });
    expect(await availableOf(t, m)).toBe(before - price);
    // A second submission and a late operator cancel change nothing.
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/review`, REVIEW)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${req.id}/cancel`, headers: ops })).statusCode).toBe(409);
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'captured', releases: 0 });

    const seen = (await t.app.inject({ method: 'GET', url: `/api/review-requests?report_id=${reportId}`, headers: m.auth })).json<{
      requests: ReviewRequestView[];
    }>();
    expect(seen.requests[0]!.review).toMatchObject({
      expert_name: 'Katherine Johnson',
      expert_rttp_number: 'RTTP-777',
      recommendation: 'hold_for_data',
      answers: REVIEW.answers,
      verdicts: { novelty: { verdict: 'strong' }, maturity: { verdict: 'weak', note: 'Lab prototype only.' } },
    });
    const mail = await mailTo(m.email, /expert review is ready/);
    expect(mail.raw).toMatch(/Their recommendation: Hold for =?\s*data/);
    expect(await auditRows('review.delivered', `review:${req.id}`)).toHaveLength(1);
    // The token history names what the tokens paid for.
    const history = await t.app.inject({ method: 'GET', url: '/api/tokens/history', headers: m.auth });
    if (history.statusCode === 200) expect(history.body).toContain('Expert review');
  });

  it('a decline sends the request back to the queue; with nobody else suitable it ends, the tokens returned once and the member mailed; a paused or full expert is not assigned', async () => {
    const e = await inviteAndSignIn(t, { capacity: 1 });
    const { m, reportId } = await memberWithReport(t);
    const before = await availableOf(t, m);
    const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();
    expect((await assign(t, req.id, e.id)).statusCode).toBe(200);
    // Full: a second request cannot go to the same expert.
    const other = await memberWithReport(t);
    const req2 = (await requestReview(t, other.m, other.reportId)).json<ReviewRequestView>();
    expect((await assign(t, req2.id, e.id)).statusCode).toBe(409);

    const declined = await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/decline`)).statusCode).toBe(409);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/accept`)).statusCode).toBe(409);
    // Declined: no longer theirs to read; back in the queue needing an expert, the tokens still held.
    expect((await asExpert(t, e, 'GET', `/api/expert/assignments/${req.id}`)).statusCode).toBe(404);
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'held', releases: 0 });
    // Nobody else suitable (every other expert paused) and the operators' window past: it ends once (decision 227).
    const paused = await t.db.query<{ id: string }>('UPDATE experts SET paused = true WHERE id <> $1 AND NOT paused RETURNING id', [e.id]);
    await sweepReviewDeadlines(t.deps, { now: new Date(Date.now() + 49 * 3_600_000) });
    await t.db.query('UPDATE experts SET paused = false WHERE id = ANY($1)', [paused.rows.map((r) => r.id)]);
    expect(await holdOf(t.db, req.id)).toMatchObject({ state: 'released', releases: 1 });
    expect(await availableOf(t, m)).toBe(before);
    expect(await mailTo(m.email, /No expert could take on/)).toBeTruthy();

    // Paused: no offers; resumed: offers again.
    expect((await asExpert(t, e, 'PATCH', '/api/expert/me', { paused: true })).json()).toMatchObject({ paused: true });
    expect((await assign(t, req2.id, e.id)).statusCode).toBe(409);
    await asExpert(t, e, 'PATCH', '/api/expert/me', { paused: false });
    expect((await assign(t, req2.id, e.id)).statusCode).toBe(200);
    // The operator cancels an offered request: released once, the member told.
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${req2.id}/cancel`, headers: ops });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect(await holdOf(t.db, req2.id)).toMatchObject({ state: 'released', releases: 1 });
    expect(await mailTo(other.m.email, /cancelled/)).toBeTruthy();
    expect(await auditRows('review.cancel', `review:${req2.id}`)).toHaveLength(1);

    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/review-requests?state=cancelled', headers: ops })).json<{
      requests: { id: string }[];
    }>();
    expect(queue.requests.map((r) => r.id)).toContain(req2.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/review-requests?state=nonsense', headers: ops })).statusCode).toBe(422);
  });
});
