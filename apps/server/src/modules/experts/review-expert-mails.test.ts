import type { ReviewRequestView } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { sweepReviewDeadlines } from './review-deadlines.ts';
import {
  asExpert,
  assign,
  clearOpenReviews,
  createReviewTestApp,
  inviteAndSignIn,
  memberWithReport,
  ops,
  requestReview,
  waitFor,
} from './test-support.ts';

/**
 * Decision 235 (issue 28 §4): the expert is mailed when a review leaves them or runs late — an
 * offer that lapsed and goes on to another expert, a review cancelled under them, an accepted
 * review flagged overdue — each once, in the dev mailbox, and none naming the invention or member.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createReviewTestApp();
  await t.startWorker();
}, 300_000);
afterAll(() => t.close());
beforeEach(() => clearOpenReviews(t));

const HOUR = 3_600_000;
const sweep = (hours: number) => sweepReviewDeadlines(t.deps, { now: new Date(Date.now() + hours * HOUR) });
const inbox = (to: string, subject: RegExp) => t.smtp.received.filter((r) => r.to.includes(to) && subject.test(r.subject));
/** The one mail to `to` with this subject, after giving a second one time to arrive. */
async function onlyMail(to: string, subject: RegExp) {
  const mail = await waitFor(async () => inbox(to, subject)[0], 20_000);
  await new Promise((r) => setTimeout(r, 1500));
  expect(inbox(to, subject)).toHaveLength(1);
  // Quoted-printable soft breaks joined, so phrases can be matched.
  return mail.raw.replace(/=\r?\n/g, '');
}

async function offered(expertId: string) {
  const { m, reportId } = await memberWithReport(t);
  const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();
  expect((await assign(t, req.id, expertId)).statusCode).toBe(200);
  return { m, req };
}

describe('the expert hears when a review leaves them or runs late', () => {
  it('an offer that lapses: the lapsed expert is mailed once (however many sweeps), the next expert gets the offer', async () => {
    const first = await inviteAndSignIn(t);
    const { m, req } = await offered(first.id);
    const second = await inviteAndSignIn(t);
    await Promise.all([sweep(49), sweep(49)]);
    const raw = await onlyMail(first.email, /^A review offered to you has lapsed$/);
    expect(raw).toMatch(/no longer yours to accept/);
    expect(raw).toContain('/expert');
    // Confidential: neither the report's title nor the member.
    expect(raw).not.toContain(req.report_title);
    expect(raw).not.toContain(m.email);
    await waitFor(async () => inbox(second.email, /offered to you/)[0], 20_000);
    await sweep(50);
    expect(inbox(first.email, /lapsed/)).toHaveLength(1);
  });

  it('an accepted review past its due time: the expert is mailed once as it is flagged, and the operators see the flag', async () => {
    const e = await inviteAndSignIn(t);
    const { m, req } = await offered(e.id);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${req.id}/accept`)).statusCode).toBe(200);
    const dueIn = (Date.parse(req.due_at) - Date.now()) / HOUR;
    await sweep(dueIn - 1);
    expect(inbox(e.email, /overdue/)).toHaveLength(0);
    const [x, y] = await Promise.all([sweep(dueIn + 1), sweep(dueIn + 1)]);
    expect(x.escalated + y.escalated).toBe(1);
    await sweep(dueIn + 2);
    const raw = await onlyMail(e.email, /^A review you accepted is overdue$/);
    expect(raw).toContain(req.due_at.slice(0, 10));
    expect(raw).not.toContain(req.report_title);
    expect(raw).not.toContain(m.email);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/review-requests', headers: ops })).json<{
      requests: Array<{ id: string; escalated_at: string | null }>;
    }>();
    expect(queue.requests.find((r) => r.id === req.id)!.escalated_at).not.toBeNull();
  });

  it('a review cancelled under the expert: by the operator once accepted, by the member while offered — each mailed once', async () => {
    const e = await inviteAndSignIn(t);
    const accepted = await offered(e.id);
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${accepted.req.id}/accept`)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${accepted.req.id}/cancel`, headers: ops })).statusCode,
    ).toBe(200);
    const raw = await onlyMail(e.email, /^A review you accepted was cancelled$/);
    expect(raw).toMatch(/by the operators/);

    const other = await inviteAndSignIn(t);
    const pending = await offered(other.id);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/review-requests/${pending.req.id}/cancel`, headers: pending.m.auth });
    expect(cancel.statusCode).toBe(200);
    const raw2 = await onlyMail(other.email, /^A review offered to you was cancelled$/);
    expect(raw2).toMatch(/by the member who asked for it/);
    expect(raw2).not.toContain(pending.m.email);
  });

  it('a request cancelled before anyone was offered it mails no expert', async () => {
    const e = await inviteAndSignIn(t);
    const { m, reportId } = await memberWithReport(t);
    const req = (await requestReview(t, m, reportId)).json<ReviewRequestView>();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${req.id}/cancel`, headers: ops })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(inbox(e.email, /cancelled/)).toHaveLength(0);
  });
});
