import type { AuditEntry } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import { signUpAndLogin } from '../../../test/members.ts';
import { completedReport } from '../../../test/reports.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { recordStatements } from '../../../test/plans.ts';
import { ensureFirstOperator } from './index.ts';
import { listAuditLog } from './list-audit-log.ts';
import { openOrder } from '../../../test/purchases.ts';

/** The Activity tab's API: what is recorded (sign-ins, lock-outs, exports, downloads) and how it is read. */
const PASSWORD = 'correct horse battery staple';
const basic = (user: string, pass: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` });
const ops = basic('ops', PASSWORD);

let t: TestApp;
let rzp: FakeRazorpay;
beforeAll(async () => {
  rzp = await startFakeRazorpay();
  t = await createTestApp({
    ...rzp.env,
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: PASSWORD,
    OPERATOR_LOCKOUT_FAILURES: '3',
    OPERATOR_FAILURES_PER_IP: '5',
  });
  await ensureFirstOperator(t.deps);
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
  await rzp.close();
});
beforeEach(async () => {
  await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
});

let ip = 0;
const freshIp = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

async function log(query = ''): Promise<{ entries: AuditEntry[]; next: string | undefined; status: number }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers: ops, remoteAddress: freshIp() });
  return {
    entries: res.statusCode === 200 ? res.json().entries : [],
    next: res.headers['x-next-cursor'] as string | undefined,
    status: res.statusCode,
  };
}

describe('what the audit log records', () => {
  it('records an operator signing in, with the address', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: ops, remoteAddress: '10.8.0.1' });
    expect(res.statusCode).toBe(200);
    const { entries } = await log('?action=operator.sign_in');
    expect(entries[0]).toMatchObject({ operator_username: 'ops', action: 'operator.sign_in', details: { ip: '10.8.0.1' } });
  });

  it('records a lock-out once when it begins, not once per guess, and not for made-up usernames', async () => {
    const before = (await log('?action=operator.locked_out&limit=200')).entries.length;
    const from = freshIp();
    // Three wrong passwords lock the username; more guesses after that write nothing new.
    for (let i = 0; i < 6; i++)
      await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: basic('ops', `guess-${i}`), remoteAddress: freshIp() });
    // Made-up usernames from one address: the address is locked (one line), the names are not.
    for (let i = 0; i < 7; i++)
      await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: basic(`nobody-${i}`, 'x'), remoteAddress: from });
    // The username is locked for this test's reader too (no device cookie): unlock to read.
    await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
    const { entries } = await log('?action=operator.locked_out&limit=200');
    const fresh = entries.slice(0, entries.length - before);
    expect(fresh).toHaveLength(2);
    expect(fresh.map((e) => e.details.scope).sort()).toEqual(['address', 'username']);
    expect(fresh.find((e) => e.details.scope === 'username')).toMatchObject({
      operator_username: 'system',
      details: { username: 'ops', minutes: 15 },
    });
    expect(fresh.find((e) => e.details.scope === 'address')).toMatchObject({ target: null, details: { ip: from } });
  });

  it('records Excel exports only as the server streams them: the panel cannot write an export record of its own', async () => {
    // The exports are server streams now (decision 183); their entries are tested in modules/admin/export-lists.test.ts.
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/audit-log/exports',
      headers: ops,
      remoteAddress: freshIp(),
      payload: { list: 'users', rows: 42, filter: { q: 'grace' } },
    });
    expect(claimed.statusCode).toBe(404);
    expect((await log('?action=users.export')).entries).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users/export', headers: ops, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    expect((await log('?action=users.export')).entries[0]).toMatchObject({
      operator_username: 'ops',
      details: { count: expect.any(Number), complete: true, filter: {} },
    });
  });

  it("records an operator's downloads of a member's report and invoice, and not the member's own", async () => {
    const m = await signUpAndLogin(t);
    const report = await completedReport(t, m);
    expect((await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}/download`, headers: m.auth })).statusCode).toBe(200);
    expect((await log(`?action=report.download`)).entries.filter((e) => e.target === report.id)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}/download`, headers: ops, remoteAddress: freshIp() })).statusCode,
    ).toBe(200);
    expect((await log('?action=report.download')).entries[0]).toMatchObject({ operator_username: 'ops', target: report.id });

    const order = await openOrder(t, m.auth, 'starter');
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/tokens/purchase/verify-payment',
      headers: m.auth,
      payload: rzp.pay(order.json().order_id),
    });
    expect(paid.statusCode).toBe(200);
    const invoice = (await t.db.query<{ number: string }>('SELECT invoice_number AS number FROM invoices ORDER BY issued_at DESC LIMIT 1'))
      .rows[0]!.number;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${encodeURIComponent(invoice)}`,
      headers: ops,
      remoteAddress: freshIp(),
    });
    expect(pdf.statusCode).toBe(200);
    expect((await log('?action=invoice.download')).entries[0]).toMatchObject({ operator_username: 'ops', target: invoice });
    // A download that fails (no such invoice) records nothing.
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${encodeURIComponent('INV/2099-00/000001')}`,
      headers: ops,
      remoteAddress: freshIp(),
    });
    expect(missing.statusCode).toBe(404);
    expect((await log('?action=invoice.download')).entries.filter((e) => e.target === 'INV/2099-00/000001')).toEqual([]);
  });
});

describe('reading the audit log', () => {
  it('filters by operator (any case), action and days in the operator’s zone, and pages by cursor without repeats', async () => {
    await t.db.query(
      `INSERT INTO operator_audit_log (operator_username, action, target, at) SELECT 'Filter-Op', 'post.update', 'post:' || g, '2025-03-10T18:25:00Z'::timestamptz + g * interval '2 minutes' FROM generate_series(1, 7) g`,
    );
    // 18:27Z … 18:39Z on 10 March; Kolkata (UTC+5:30) starts 11 March at 18:30Z.
    const all = (await log('?operator=filter-op&limit=200')).entries;
    expect(all).toHaveLength(7);
    expect(all.map((e) => e.target)).toEqual(['post:7', 'post:6', 'post:5', 'post:4', 'post:3', 'post:2', 'post:1']);

    const first = await log('?operator=FILTER-OP&action=post.update&limit=3');
    expect(first.entries.map((e) => e.target)).toEqual(['post:7', 'post:6', 'post:5']);
    const second = await log(`?operator=FILTER-OP&action=post.update&limit=3&cursor=${first.next}`);
    expect(second.entries.map((e) => e.target)).toEqual(['post:4', 'post:3', 'post:2']);
    // Entries written meanwhile do not shift the next page.
    await t.db.query(`INSERT INTO operator_audit_log (operator_username, action, target) VALUES ('Filter-Op', 'post.update', 'post:new')`);
    const third = await log(`?operator=filter-op&action=post.update&limit=3&cursor=${second.next}`);
    expect(third.entries.map((e) => e.target)).toEqual(['post:1']);
    expect(third.next).toBeUndefined();

    const utcDay = (await log('?operator=filter-op&from=2025-03-10&to=2025-03-10')).entries;
    expect(utcDay).toHaveLength(7);
    const kolkata10 = (await log('?operator=filter-op&from=2025-03-10&to=2025-03-10&tz=Asia%2FKolkata')).entries;
    expect(kolkata10.map((e) => e.target)).toEqual(['post:2', 'post:1']);
    const kolkata11 = (await log('?operator=filter-op&from=2025-03-11&tz=Asia%2FKolkata')).entries;
    expect(kolkata11.map((e) => e.target)).toEqual(['post:new', 'post:7', 'post:6', 'post:5', 'post:4', 'post:3']);
    expect((await log('?action=post.update&operator=nobody')).entries).toEqual([]);
  });

  it('never counts the log: a page is one bounded statement, with no total, and the next page by cursor (issue 32)', async () => {
    await t.db.query(
      `INSERT INTO operator_audit_log (operator_username, action, target) SELECT 'Bulk-Op', 'post.update', 'post:' || g FROM generate_series(1, 120) g`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=50', headers: ops, remoteAddress: freshIp() });
    expect(res.json().entries).toHaveLength(50);
    expect(res.headers['x-total-count']).toBeUndefined();
    expect(res.headers['x-next-cursor']).toBeTruthy();
    for (const filter of [{}, { operator: 'bulk-op' }, { action: 'post.update', from: '2000-01-01' }]) {
      const { result, sent } = await recordStatements(t.db, (q) => listAuditLog(q, { ...filter, limit: 50 }));
      expect(result.entries).toHaveLength(50);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text).not.toMatch(/count\(/i);
      expect(sent[0]!.text).toMatch(/LIMIT \$\d+/);
      expect(sent[0]!.params.at(-1)).toBe(51);
    }
  });

  it('answers a bad cursor, date or zone with a 4xx that says what is wrong, and strangers with a 401', async () => {
    for (const q of ['?cursor=not-ours', '?from=2025-02-30', '?tz=Mars%2FOlympus', '?limit=0']) {
      const res = await log(q);
      expect([400, 422], q).toContain(res.status);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
  });
});
