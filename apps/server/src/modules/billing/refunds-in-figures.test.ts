import type { AdminStats, Purchase, RefundView, Transaction } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import { signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { OPS_PASSWORD, approve, askRefund, buyWithRazorpay, ops } from './refunds.test-support.ts';
import { openOrder } from '../../../test/purchases.ts';

/*
 * Issue 26, item 7: an approved refund reaches the operator's figures. Total Revenue and the
 * Token Purchases summary are net of it, each purchase says its state in one vocabulary (Paid,
 * Refunded, Partially refunded, Failed, Pending) with its gross, tax, refunded and net
 * figures, and Token Purchases filters by state and date (state words searchable).
 */
let rzp: FakeRazorpay;
let t: TestApp;
beforeAll(async () => {
  rzp = await startFakeRazorpay();
  t = await createTestApp({
    ...rzp.env,
    RAZORPAY_TIMEOUT_MS: '3000',
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: OPS_PASSWORD,
    SELLER_GSTIN: '29AAACA0000A1Z5',
  });
  await ensureFirstOperator(t.deps);
});
afterAll(async () => {
  await t.close();
  await rzp.close();
});

const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: ops })).json<AdminStats>();
const transactions = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/transactions?${query}`, headers: ops });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Transaction[]>();
};

describe('an approved refund in the operator figures', () => {
  it('comes off Total Revenue and the summary, and the purchase reads Partially refunded with its figures everywhere', async () => {
    const m = await signUpAndLogin(t);
    const kept = await buyWithRazorpay(t, rzp, m);
    const p = await buyWithRazorpay(t, rzp, m);
    const before = await stats();
    const refund = (await askRefund(t, m, p.id)).json<RefundView>();
    // While the request waits, nothing moves; the row says a request waits.
    expect((await transactions(`q=${encodeURIComponent(m.email)}`)).find((x) => x.id === p.id)).toMatchObject({
      status: 'paid',
      refund_requested: true,
    });
    expect((await approve(t, refund.id)).statusCode).toBe(200);
    const after = await stats();

    const cur = (s: AdminStats) => s.revenue_by_currency.find((r) => r.currency === 'USD')!;
    expect(cur(after).gross_minor).toBe(cur(before).gross_minor);
    expect(cur(after).refunded_minor - cur(before).refunded_minor).toBe(refund.refund_minor);
    expect(cur(before).amount_minor - cur(after).amount_minor).toBe(refund.refund_minor);
    expect(cur(after).amount_minor).toBe(cur(after).gross_minor - cur(after).refunded_minor);
    expect(after.purchases.partially_refunded - before.purchases.partially_refunded).toBe(1);
    expect(after.purchases.paid).toBe(before.purchases.paid);

    // The operator's table (and so the Excel export, which reads it) and the member's card list.
    const row = (await transactions(`q=${encodeURIComponent(m.email)}`)).find((x) => x.id === p.id)!;
    const tax = (await t.db.query<{ gst_minor: number }>('SELECT gst_minor FROM payments WHERE id = $1', [p.id])).rows[0]!.gst_minor;
    const cnTax = (
      await t.db.query<{ tax: number }>(
        `SELECT cgst_minor + sgst_minor + igst_minor AS tax FROM credit_notes cn JOIN refund_requests r ON r.id = cn.refund_request_id WHERE r.payment_id = $1`,
        [p.id],
      )
    ).rows[0]!.tax;
    expect(row).toMatchObject({
      status: 'partially_refunded',
      refund_requested: false,
      amount_paid: p.amount,
      tax_minor: tax,
      refunded_minor: refund.refund_minor,
      refunded_tax_minor: cnTax,
      net_minor: p.amount - refund.refund_minor,
    });
    const card = await t.app.inject({ method: 'GET', url: `/api/admin/users/${m.user.id}/transactions`, headers: ops });
    const cardRows = card.json<Transaction[]>();
    expect(cardRows.find((x) => x.id === p.id)!.status).toBe('partially_refunded');
    expect(cardRows.find((x) => x.id === kept.id)!.status).toBe('paid');

    // The member's own list says it too, with the amount that went back.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/billing/purchases', headers: m.auth })).json<{ purchases: Purchase[] }>();
    expect(mine.purchases.find((x) => x.id === p.id)).toMatchObject({ status: 'partially_refunded', refunded_minor: refund.refund_minor });
    expect(mine.purchases.find((x) => x.id === kept.id)).toMatchObject({ status: 'paid', refunded_minor: 0 });
  });

  it('filters Token Purchases by state and by date, and finds a state by its name in the search', async () => {
    const m = await signUpAndLogin(t);
    const p = await buyWithRazorpay(t, rzp, m);
    const refund = (await askRefund(t, m, p.id)).json<RefundView>();
    await approve(t, refund.id);
    const failedOrder = await openOrder(t, m.auth, 'starter');
    const failedId = failedOrder.json<{ order_id: string }>().order_id;
    await t.db.query(`UPDATE payments SET status = 'failed', failed_at = now() WHERE razorpay_order_id = $1`, [failedId]);

    const refunded = await transactions('status=partially_refunded');
    expect(refunded.map((x) => x.id)).toContain(p.id);
    expect(refunded.every((x) => x.status === 'partially_refunded')).toBe(true);
    const failed = await transactions('status=failed');
    expect(failed.every((x) => x.status === 'failed')).toBe(true);
    expect(failed.some((x) => x.razorpay_order_id === failedId)).toBe(true);
    // Typed as words.
    for (const q of ['Partially refunded', 'partially_refunded', 'PARTIALLY REFUNDED']) {
      const found = await transactions(`q=${encodeURIComponent(q)}`);
      expect(found.map((x) => x.id)).toContain(p.id);
      expect(found.every((x) => x.status === 'partially_refunded')).toBe(true);
    }
    // A date range: instants (both inclusive), and days in the operator's zone (`to` inclusive).
    const created = (await t.db.query<{ created_at: Date }>('SELECT created_at FROM payments WHERE id = $1', [p.id])).rows[0]!.created_at;
    const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    expect((await transactions(`from=${iso(created.getTime())}&to=${iso(created.getTime())}`)).map((x) => x.id)).toEqual([p.id]);
    expect((await transactions(`to=${iso(created.getTime() - 1)}&status=partially_refunded`)).map((x) => x.id)).not.toContain(p.id);
    const day = (zone: string, shift = 0) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(created.getTime() + shift));
    for (const zone of ['Asia/Kolkata', 'America/Los_Angeles']) {
      const today = await transactions(`from=${day(zone)}&to=${day(zone)}&tz=${encodeURIComponent(zone)}&status=partially_refunded`);
      expect(today.map((x) => x.id)).toContain(p.id);
      const yesterday = await transactions(`to=${day(zone, -86_400_000)}&tz=${encodeURIComponent(zone)}&status=partially_refunded`);
      expect(yesterday.map((x) => x.id)).not.toContain(p.id);
    }
    // A state and a contradicting search word: nothing.
    expect(await transactions('status=paid&q=refunded')).toEqual([]);
    // Bad input is a 4xx with a detail, never a 500.
    for (const q of ['status=active', 'from=yesterday', 'to=2026-13-45', 'tz=Mars/Olympus']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/transactions?${q}`, headers: ops });
      expect(res.statusCode, q).toBe(422);
      expect(res.json().detail).toBeTruthy();
    }
  });
});
