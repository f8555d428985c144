import type { ExpertEarningsRow, ExpertOwnEarnings } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin } from '../../../test/members.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { EARNINGS_CSV_HEADER } from './export-earnings.ts';
import { asExpert, createReviewTestApp, inviteAndSignIn, ops, REVIEW, reviewUntil, type Expert } from './test-support.ts';

/**
 * Issue 28 item 5 (decision 234): each delivered review accrues the expert's recorded rate once;
 * operators see what is owed and paid, export the payout CSV for a period and record payouts
 * (idempotent, audited); experts see their own earnings.
 */
let t: TestApp;
let e: Expert;
let f: Expert;
beforeAll(async () => {
  t = await createReviewTestApp();
  e = await inviteAndSignIn(t, { capacity: 30, name: 'Grace Hopper', rates: { basic: 3000, advanced: 4500, comprehensive: 6000 } });
  // A name a spreadsheet would run as a formula, to check the CSV defuses it.
  f = await inviteAndSignIn(t, {
    capacity: 30,
    name: '=HYPERLINK("http://x")',
    rttp_number: 'RTTP-777',
    rates: { basic: 2500, advanced: 3500, comprehensive: 5000 },
  });
}, 300_000);
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const summary = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/experts/earnings', headers: ops })).json<{ experts: ExpertEarningsRow[] }>()
    .experts;
const rowOf = async (x: Expert) => (await summary()).find((r) => r.expert_id === x.id)!;
const pay = (x: { id: string }, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/experts/${x.id}/payouts`, headers: ops, payload });
const csv = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/experts/earnings/export?${query}`, headers: ops });
/** Moves an earning's accrual back in time (the table refuses edits; the test steps around that). */
async function accruedDaysAgo(requestId: string, days: number) {
  await t.db.query('ALTER TABLE expert_earnings DISABLE TRIGGER expert_earnings_kept');
  await t.db.query(`UPDATE expert_earnings SET accrued_at = now() - make_interval(days => $2) WHERE request_id = $1`, [requestId, days]);
  await t.db.query('ALTER TABLE expert_earnings ENABLE TRIGGER expert_earnings_kept');
}

describe('expert earnings', () => {
  it('a delivered review accrues the expert’s recorded rate once; an undelivered one accrues nothing', async () => {
    const before = await rowOf(e);
    const basic = await reviewUntil(t, e, 'delivered', 'basic');
    const advanced = await reviewUntil(t, e, 'delivered', 'advanced');
    const accepted = await reviewUntil(t, e, 'accepted');
    // The rate was recorded when offered: changing the rate card later does not change what is owed.
    await t.db.query('UPDATE experts SET rate_basic = 9999 WHERE id = $1', [e.id]);
    const rows = await t.db.query<{ request_id: string; tokens: number; complexity: string }>(
      'SELECT request_id, tokens, complexity FROM expert_earnings WHERE request_id = ANY($1) ORDER BY tokens',
      [[basic.id, advanced.id, accepted.id]],
    );
    expect(rows.rows).toEqual([
      { request_id: basic.id, tokens: 3000, complexity: 'basic' },
      { request_id: advanced.id, tokens: 4500, complexity: 'advanced' },
    ]);
    expect(await rowOf(e)).toMatchObject({
      owed_tokens: before.owed_tokens + 7500,
      owed_reviews: before.owed_reviews + 2,
      paid_tokens: before.paid_tokens,
    });
    await t.db.query('UPDATE experts SET rate_basic = 3000 WHERE id = $1', [e.id]);

    // A second delivery of the same review is refused, and the database would refuse a second accrual.
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${basic.id}/review`, REVIEW)).statusCode).toBe(409);
    await expect(
      t.db.query(`INSERT INTO expert_earnings (request_id, expert_id, complexity, tokens) VALUES ($1, $2, 'basic', 1)`, [basic.id, e.id]),
    ).rejects.toThrow(/duplicate key/);
    await expect(t.db.query('UPDATE expert_earnings SET tokens = 1 WHERE request_id = $1', [basic.id])).rejects.toThrow(/cannot change/);
    await expect(t.db.query('DELETE FROM expert_earnings WHERE request_id = $1', [basic.id])).rejects.toThrow(/kept/);
    await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${accepted.id}/cancel`, headers: ops });
    expect((await t.db.query('SELECT 1 FROM expert_earnings WHERE request_id = $1', [accepted.id])).rows).toEqual([]);
  });

  it('what the expert is owed stands when the member later gets tokens back or deletes the report and the account', async () => {
    const { m, reportId, id } = await reviewUntil(t, e, 'delivered');
    // A delivered review cannot be cancelled (its hold is captured): no path returns it.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${id}/cancel`, headers: ops })).statusCode).toBe(409);
    // A goodwill credit to the member is the provider's cost, not the expert's.
    const grant = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${m.user.id}/token-adjustments`,
      headers: { ...ops, 'idempotency-key': `goodwill-${id}` },
      payload: { amount: 5000, reason: 'Goodwill after the review' },
    });
    expect(grant.statusCode, grant.body).toBeLessThan(300);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/${reportId}`, headers: m.auth })).statusCode).toBeLessThan(300);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: m.auth, payload: { password: GOOD_PASSWORD } });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect((await t.db.query('SELECT 1 FROM review_requests WHERE id = $1', [id])).rows).toEqual([]);
    expect((await t.db.query<{ tokens: number }>('SELECT tokens FROM expert_earnings WHERE request_id = $1', [id])).rows).toEqual([
      { tokens: 3000 },
    ]);
  });

  it('a payout covers everything owed up to its day, once: repeated it answers the same payout; nothing owed is a 409', async () => {
    const x = await inviteAndSignIn(t, { capacity: 10, name: 'Katherine Johnson' });
    const old = await reviewUntil(t, x, 'delivered');
    await reviewUntil(t, x, 'delivered', 'comprehensive');
    await accruedDaysAgo(old.id, 10);
    expect(await rowOf(x)).toMatchObject({ owed_tokens: 9000, owed_reviews: 2, paid_tokens: 0, last_paid_at: null });

    // Up to 5 days ago: only the older review.
    const first = await pay(x, { through: dayOffset(-5), reference: 'NEFT 1234' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      created: true,
      payout: { expert_id: x.id, through: dayOffset(-5), tokens: 3000, reviews: 1, reference: 'NEFT 1234', paid_by: 'ops' },
    });
    const again = await pay(x, { through: dayOffset(-5), reference: 'typed again' });
    expect(again.json()).toMatchObject({
      created: false,
      payout: { id: first.json<{ payout: { id: string } }>().payout.id, reference: 'NEFT 1234' },
    });
    expect(await rowOf(x)).toMatchObject({ owed_tokens: 6000, owed_reviews: 1, paid_tokens: 3000, paid_reviews: 1 });
    expect((await rowOf(x)).last_paid_at).not.toBeNull();

    // An earlier day has nothing left unpaid; today covers the rest.
    const none = await pay(x, { through: dayOffset(-7) });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'nothing_owed',
      detail: 'Nothing is owed to this expert for reviews delivered up to that day',
    });
    expect((await pay(x, { through: today() })).json()).toMatchObject({ created: true, payout: { tokens: 6000, reviews: 1 } });
    expect(await rowOf(x)).toMatchObject({ owed_tokens: 0, paid_tokens: 9000, paid_reviews: 2 });
    const audits = await t.db.query<{ operator_username: string; details: { tokens: number } }>(
      `SELECT operator_username, details FROM operator_audit_log WHERE action = 'expert.payout' AND target = $1 ORDER BY id`,
      [`expert:${x.id}`],
    );
    expect(audits.rows.map((a) => [a.operator_username, a.details.tokens])).toEqual([
      ['ops', 3000],
      ['ops', 6000],
    ]);
    await expect(t.db.query('UPDATE expert_payouts SET tokens = 1 WHERE expert_id = $1', [x.id])).rejects.toThrow(/cannot change/);
    await expect(t.db.query('UPDATE expert_earnings SET payout_id = NULL WHERE request_id = $1', [old.id])).rejects.toThrow(
      /cannot change/,
    );

    // Bad input: a day not begun, not a day, an unknown or malformed expert.
    const future = await pay(x, { through: dayOffset(2) });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ detail: 'Choose a day that has begun: a payout covers reviews already delivered' });
    expect((await pay(x, { through: '2026-02-30' })).statusCode).toBe(422);
    expect((await pay(x, { through: today(), reference: 'tab\there' })).statusCode).toBe(422);
    expect((await pay({ id: crypto.randomUUID() }, { through: today() })).statusCode).toBe(404);
    expect((await pay({ id: 'nope' }, { through: today() })).statusCode).toBe(404);
  });

  it('the payout CSV lists each review delivered in the period, owed or paid, streamed and audited; formulas are defused', async () => {
    const one = await reviewUntil(t, f, 'delivered');
    const two = await reviewUntil(t, f, 'delivered', 'advanced');
    const early = await reviewUntil(t, f, 'delivered');
    await accruedDaysAgo(early.id, 40);
    expect((await pay(f, { through: today(), reference: 'UTR 998877' })).statusCode).toBe(200);
    const three = await reviewUntil(t, f, 'delivered', 'comprehensive');

    const res = await csv(`from=${dayOffset(-1)}&to=${today()}&expert_id=${f.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="expert-earnings-${dayOffset(-1)}-to-${today()}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(EARNINGS_CSV_HEADER.join(','));
    const rows = lines.slice(1);
    // Oldest first; the one accrued 40 days ago is outside the period.
    expect(rows.map((r) => r.split(',')[4])).toEqual([one.id, two.id, three.id]);
    expect(rows.join('\n')).not.toContain(early.id);
    expect(rows[0]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2}T[^,]+Z,"'=HYPERLINK\\(""http://x""\\)",${f.email},RTTP-777,${one.id},Basic,2500,paid,[0-9a-f-]{36},${today()},[^,]+Z,UTR 998877$`,
      ),
    );
    expect(rows[1]).toContain(`,${two.id},Advanced,3500,paid,`);
    expect(rows[2]).toMatch(new RegExp(`,${three.id},Comprehensive,5000,owed,,,,$`));
    const audit = await t.db.query<{ details: { count: number; complete: boolean } }>(
      `SELECT details FROM operator_audit_log WHERE action = 'expert.earnings_export' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]!.details).toMatchObject({ count: 3, complete: true, expert_id: f.id });

    // Every expert when none is named; the 40-day-old one in its own period.
    const all = await csv(`from=${dayOffset(-1)}&to=${today()}`);
    expect(all.body).toContain(three.id);
    expect(all.body).toContain('Grace Hopper');
    expect((await csv(`from=${dayOffset(-41)}&to=${dayOffset(-39)}&expert_id=${f.id}`)).body).toContain(early.id);
    // An empty period is the header alone.
    expect((await csv('from=2001-01-01&to=2001-01-31')).body.replace(/^\uFEFF/, '').trimEnd()).toBe(EARNINGS_CSV_HEADER.join(','));
    // Bad periods and experts.
    expect((await csv(`from=${today()}&to=${dayOffset(-1)}`)).json()).toMatchObject({
      detail: 'The period must end on or after the day it starts',
    });
    expect((await csv('from=yesterday&to=2026-01-01')).statusCode).toBe(422);
    expect((await csv(`to=${today()}`)).statusCode).toBe(422);
    expect((await csv(`from=${today()}&to=${today()}&expert_id=nope`)).statusCode).toBe(404);
  });

  it('the expert sees only their own earnings; members and experts cannot reach the operators’ views', async () => {
    const { id } = await reviewUntil(t, f, 'delivered');
    const own = await asExpert(t, f, 'GET', '/api/expert/earnings');
    expect(own.statusCode).toBe(200);
    const body = own.json<ExpertOwnEarnings>();
    expect(body.earnings[0]).toMatchObject({ request_id: id, complexity: 'basic', tokens: 2500, paid_at: null });
    expect(body.payouts[0]).toMatchObject({ reference: 'UTR 998877' });
    expect(body.payouts[0]).not.toHaveProperty('paid_by');
    const row = await rowOf(f);
    expect({ owed: body.owed_tokens, paid: body.paid_tokens }).toEqual({ owed: row.owed_tokens, paid: row.paid_tokens });
    const others = (await asExpert(t, e, 'GET', '/api/expert/earnings')).json<ExpertOwnEarnings>();
    expect(others.earnings.map((x) => x.request_id)).not.toContain(id);

    const m = await signUpAndLogin(t);
    for (const url of ['/api/admin/experts/earnings', `/api/admin/experts/earnings/export?from=${today()}&to=${today()}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: m.auth })).statusCode, url).toBe(401);
      expect((await asExpert(t, f, 'GET', url)).statusCode, url).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/experts/${f.id}/payouts`, headers: m.auth, payload: { through: today() } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/expert/earnings', headers: m.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/expert/earnings', headers: ops })).statusCode).toBe(401);
  });
});
