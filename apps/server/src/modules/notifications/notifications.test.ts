import { formatTokens, MSG, REPORT_COSTS, type Report } from '@assay/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, uniqueEmail, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { completedReport, IDEA } from '../../../test/reports.ts';
import { failReport } from '../reports/index.ts';
import { adjustTokens, placeHold } from '../tokens/index.ts';
import { notifyExpiringTokens } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '1', RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_OTP_PER_IP: '1000' });
  await t.startWorker();
});
afterAll(() => t.close());

const prefs = (m: Member, payload?: object) =>
  t.app.inject({
    method: payload ? 'PUT' : 'GET',
    url: '/api/users/me/notification-preferences',
    headers: m.auth,
    ...(payload ? { payload } : {}),
  });
/** Notification mails queued for an address (the outbox keeps sent ones a while too). */
const queuedTo = async (email: string) =>
  (
    await t.db.query<{ subject: string }>(
      `SELECT data->>'subject' AS subject FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 ORDER BY created_on`,
      [email],
    )
  ).rows.map((r) => r.subject);
/** The raw message with quoted-printable soft breaks and '=' escapes undone (ASCII text). */
const readable = (raw: string) => raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));
/** Waits for a mail to the address whose subject starts with `subject`. */
async function mailTo(email: string, subject: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(email).find((m) => m.subject.startsWith(subject));
    if (found) return found;
    if (Date.now() > end) throw new Error(`no mail "${subject}" to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const balance = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{ available_tokens: number }>()
    .available_tokens;

/** A report that is processing under another (live) worker's lease, its tokens held. */
async function reportInFlight(m: Member) {
  const id = randomUUID();
  await t.db.transaction(async (tx) => {
    const holdId = await placeHold(tx, { userId: m.user.id, amount: REPORT_COSTS.basic, reportId: id });
    await tx.query(
      `INSERT INTO reports (id, user_id, title, idea, complexity, tokens_used, hold_id, sections_total, lease_owner, lease_until)
       VALUES ($1, $2, 'Silver-ion wound dressing', $3, 'basic', $4, $5, 15, gen_random_uuid(), now() + interval '1 hour')`,
      [id, m.user.id, IDEA, REPORT_COSTS.basic, holdId],
    );
  });
  return id;
}

describe('notification preferences', () => {
  it('start with every optional notification on, and keep what the member saves', async () => {
    const m = await signUpAndLogin(t);
    expect((await prefs(m)).json()).toEqual({ report_ready: true, tokens_expiring: true });
    const saved = await prefs(m, { report_ready: false, tokens_expiring: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ report_ready: false, tokens_expiring: true });
    expect((await prefs(m)).json()).toEqual({ report_ready: false, tokens_expiring: true });
    expect((await prefs(m, { report_ready: true, tokens_expiring: false })).json()).toEqual({ report_ready: true, tokens_expiring: false });
  });

  it('refuse a malformed body with a 4xx and no session with a 401', async () => {
    const m = await signUpAndLogin(t);
    for (const payload of [{ report_ready: 'no', tokens_expiring: true }, { report_ready: true }, {}]) {
      const res = await prefs(m, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().detail).toBeTruthy();
    }
    expect((await prefs(m)).json()).toEqual({ report_ready: true, tokens_expiring: true });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/me/notification-preferences' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(MSG.notAuthenticated);
  });
});

describe('report notifications', () => {
  it('mail the member when a report is ready, with a link to it', async () => {
    const m = await signUpAndLogin(t);
    const report = await completedReport(t, m);
    expect(report.status).toBe('completed');
    const mail = await mailTo(m.email, 'Your report is ready');
    expect(mail.subject).toBe(`Your report is ready: ${report.title}`);
    expect(readable(mail.raw)).toContain(`${t.config.PUBLIC_URL}/reports?report=${report.id}`);
  });

  it('send no report-ready mail to a member who turned it off', async () => {
    const m = await signUpAndLogin(t);
    await prefs(m, { report_ready: false, tokens_expiring: true });
    const report = await completedReport(t, m);
    expect(report.status).toBe('completed');
    expect(await queuedTo(m.email)).toEqual([]);
  });

  it('always mail a failed report, saying its tokens went back', async () => {
    const m = await signUpAndLogin(t);
    await prefs(m, { report_ready: false, tokens_expiring: false });
    const id = await reportInFlight(m);
    expect(await balance(m)).toBe(0);
    expect(await failReport(t.deps, id, 'The analysis could not be completed.')).toBe(true);
    expect(await balance(m)).toBe(REPORT_COSTS.basic);
    const mail = await mailTo(m.email, 'Your report could not be generated');
    expect(mail.subject).toBe('Your report could not be generated: Silver-ion wound dressing');
    expect(readable(mail.raw)).toContain(`The ${formatTokens(REPORT_COSTS.basic)} tokens held for it have been returned`);
    // It comes from a no-reply address: it points to the contact form, never to replying.
    expect(readable(mail.raw)).not.toMatch(/reply to this/i);
    expect(readable(mail.raw)).toContain(`${t.config.PUBLIC_URL}/contact`);
    // Failing it again changes nothing and mails nothing more.
    expect(await failReport(t.deps, id, 'again')).toBe(false);
    expect(await queuedTo(m.email)).toHaveLength(1);
  });
});

describe('a notification that cannot be sent', () => {
  it('is retried while the mail server is down, and the report completes meanwhile', async () => {
    const m = await signUpAndLogin(t);
    t.smtp.failNext(2);
    const report = await completedReport(t, m);
    expect(report.status).toBe('completed');
    await mailTo(m.email, 'Your report is ready', 30_000);
    const job = await t.db.query<{ retry_count: number }>(
      `SELECT retry_count FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1`,
      [m.email],
    );
    expect(job.rows.map((j) => j.retry_count)).toEqual([2]);
  }, 90_000);

  it('never fails the report, nor the failure that releases its tokens, even when it cannot be queued', async () => {
    // An address sign-up takes but the mail job refuses: queueing the notice throws.
    const email = uniqueEmail('short-tld').replace(/\.com$/, '.c');
    const m = await signUpAndLogin(t, { email });
    const report = await completedReport(t, m);
    expect(report.status).toBe('completed');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: m.auth })).json().reports_generated).toBe(1);
    const hold = await t.db.query<{ state: string }>('SELECT state FROM token_holds WHERE report_id = $1', [report.id]);
    expect(hold.rows[0]!.state).toBe('captured');
    expect(await queuedTo(email)).toEqual([]);

    await t.db.transaction((tx) => adjustTokens(tx, { userId: m.user.id, amount: REPORT_COSTS.basic, note: 'goodwill' }));
    const id = await reportInFlight(m);
    expect(await failReport(t.deps, id, 'The analysis could not be completed.')).toBe(true);
    expect(await balance(m)).toBe(REPORT_COSTS.basic);
    expect((await t.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: m.auth })).json<Report>().status).toBe('failed');
  });
});

describe('token expiry reminders', () => {
  const expireIn = (m: Member, days: number) =>
    t.db.query(`UPDATE token_lots SET expires_at = now() + make_interval(days => $2) WHERE user_id = $1`, [m.user.id, days]);

  it('are sent once per lot, and again only when its expiry date moves', async () => {
    const m = await signUpAndLogin(t);
    await expireIn(m, 3);
    await notifyExpiringTokens(t.deps);
    await notifyExpiringTokens(t.deps);
    expect(await queuedTo(m.email)).toEqual([expect.stringMatching(/^2,500 of your Assay tokens expire on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)]);
    const mail = await mailTo(m.email, '2,500 of your Assay tokens expire');
    expect(readable(mail.raw)).toContain('2,500 tokens expire on');

    // An operator extends the lot: the new date earns one new reminder.
    await expireIn(m, 5);
    await notifyExpiringTokens(t.deps);
    await notifyExpiringTokens(t.deps);
    expect(await queuedTo(m.email)).toHaveLength(2);
  });

  it('are not sent for lots further off, lots already expired, or to members who turned them off', async () => {
    const far = await signUpAndLogin(t);
    await expireIn(far, 30);
    const lapsed = await signUpAndLogin(t);
    await expireIn(lapsed, -1);
    const off = await signUpAndLogin(t);
    await prefs(off, { report_ready: true, tokens_expiring: false });
    await expireIn(off, 2);
    await notifyExpiringTokens(t.deps);
    for (const m of [far, lapsed, off]) expect(await queuedTo(m.email), m.email).toEqual([]);
    // Turned back on, the reminder that was skipped is sent.
    await prefs(off, { report_ready: true, tokens_expiring: true });
    await notifyExpiringTokens(t.deps);
    expect(await queuedTo(off.email)).toHaveLength(1);
  });

  it('name each lot once when several workers run the sweep at the same moment', async () => {
    const m = await signUpAndLogin(t);
    await expireIn(m, 1);
    await Promise.all([notifyExpiringTokens(t.deps), notifyExpiringTokens(t.deps), notifyExpiringTokens(t.deps)]);
    expect(await queuedTo(m.email)).toHaveLength(1);
    await mailTo(m.email, '2,500 of your Assay tokens expire');
    expect(mailsTo(m.email).filter((x) => x.subject.includes('expire'))).toHaveLength(1);
  });
});
