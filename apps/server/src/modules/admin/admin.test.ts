import type { AdminReport, AdminStats, AdminUser, Transaction } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';

let rzp: FakeRazorpay;
let t: TestApp;
const PASSWORD = 'correct horse battery staple';
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const ops = { authorization: basic('ops', PASSWORD) };

beforeAll(async () => {
  rzp = await startFakeRazorpay();
  t = await createTestApp({ ...rzp.env, PAYMENT_CURRENCY: 'INR', ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: PASSWORD });
  await ensureFirstOperator(t.deps);
  // Charging in rupees needs rupee prices, entered by an operator: the code never converts.
  await t.db.query(`INSERT INTO token_package_prices (package_id, currency, amount_minor)
    VALUES ('starter', 'INR', 399900), ('pro', 'INR', 999900), ('max', 'INR', 2499900)`);
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
  await rzp.close();
});

const IDEA = 'A low-cost paper-based microfluidic test that detects lead in drinking water within five minutes at home.';

async function buy(m: Member, packageId: string) {
  const order = await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/create-order', headers: m.auth, payload: { package_id: packageId } });
  expect(order.statusCode, order.body).toBe(200);
  const paid = rzp.pay(order.json().order_id);
  const res = await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: m.auth, payload: paid });
  expect(res.statusCode).toBe(200);
  return order.json<{ order_id: string; amount: number }>();
}

async function reportCompleted(m: Member) {
  const r = await t.app.inject({ method: 'POST', url: '/api/reports/generate', headers: m.auth, payload: { idea: IDEA, complexity: 'basic' } });
  const id = r.json().id as string;
  for (let i = 0; i < 200; i++) {
    const s = await t.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: m.auth });
    if (s.json().status !== 'processing') return id;
    await new Promise((x) => setTimeout(x, 100));
  }
  throw new Error('report did not finish');
}

const OPERATOR_GETS = ['/api/admin/users', '/api/admin/transactions', '/api/admin/stats', '/api/contact/submissions', '/api/contact/export', '/api/blog/admin/posts?post_type=blog'];

describe('operator calls', () => {
  it('refuse a missing or wrong authorization, and a member’s bearer token', async () => {
    const m = await signUpAndLogin(t);
    for (const url of [...OPERATOR_GETS, `/api/admin/users/${m.user.id}/reports`, `/api/admin/users/${m.user.id}/transactions`]) {
      for (const headers of [{}, { authorization: basic('ops', 'wrong-password') }, m.auth]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json().detail).toBeTruthy();
      }
      // Enough wrong passwords would lock the username for browsers without a device cookie (operators module).
      await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
      expect((await t.app.inject({ method: 'GET', url, headers: ops })).statusCode, url).toBe(200);
    }
  });

  it('compute stats in the database that match a scripted day of business', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: ops })).json<AdminStats>();
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    await signUpAndLogin(t);
    const proOrder = await buy(a, 'pro');
    const starterOrder = await buy(b, 'starter');
    // An abandoned order is not a completed transaction.
    await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/create-order', headers: b.auth, payload: { package_id: 'max' } });
    await reportCompleted(a);
    await reportCompleted(a);
    await t.app.inject({ method: 'POST', url: '/api/reports/generate', headers: b.auth, payload: { idea: IDEA, complexity: 'basic' } });

    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: ops })).json<AdminStats>();
    expect(after.total_users - before.total_users).toBe(3);
    expect(after.total_reports - before.total_reports).toBe(3);
    expect(after.completed_transactions - before.completed_transactions).toBe(2);
    const inr = (s: AdminStats) => s.revenue_by_currency.find((x) => x.currency === 'INR')?.amount_minor ?? 0;
    expect(inr(after) - inr(before)).toBe(proOrder.amount + starterOrder.amount);
    expect(after.total_revenue_inr).toBe(inr(after) / 100);

    // The user card: reports with a download link, and purchases.
    const reports = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${a.user.id}/reports`, headers: ops })).json<AdminReport[]>();
    expect(reports).toHaveLength(2);
    expect(reports.every((r) => r.status === 'completed' && r.file_url === `/api/reports/${r.id}/download` && r.plan_name === 'Basic')).toBe(true);
    const txs = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${a.user.id}/transactions`, headers: ops })).json<Transaction[]>();
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ status: 'active', plan_name: 'pro', amount_paid: proOrder.amount, currency: 'INR', user_email: a.email });
    expect(txs[0]!.razorpay_payment_id).toMatch(/^pay_/);
    expect(txs[0]!.active_until).not.toBeNull();

    const all = await t.app.inject({ method: 'GET', url: '/api/admin/transactions', headers: ops });
    const list = all.json<Transaction[]>();
    expect(Number(all.headers['x-total-count'])).toBe(list.length);
    expect(list.find((x) => x.user_email === b.email && x.package_name === 'Max')?.status).toBe('pending');
  });

  it('list users newest first with server-side search by name or email, and paging', async () => {
    const m = await signUpAndLogin(t, { name: 'Rosalind Franklin' });
    const byName = (await t.app.inject({ method: 'GET', url: '/api/admin/users?q=rosalind', headers: ops })).json<AdminUser[]>();
    expect(byName.map((u) => u.id)).toEqual([m.user.id]);
    expect(byName[0]).toMatchObject({ plan_name: 'Free', subscription_status: 'free', available_tokens: 2500, reports_generated: 0 });
    const byEmail = (await t.app.inject({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(m.email.toUpperCase())}`, headers: ops })).json<AdminUser[]>();
    expect(byEmail).toHaveLength(1);
    const wildcard = (await t.app.inject({ method: 'GET', url: '/api/admin/users?q=%25', headers: ops })).json<AdminUser[]>();
    expect(wildcard).toHaveLength(0);
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/users?page=1&limit=2', headers: ops });
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect(page.json<AdminUser[]>()[0]!.id).toBe(m.user.id);
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/users/00000000-0000-0000-0000-000000000000/reports', headers: ops });
    expect(missing.statusCode).toBe(404);
  });
});
