import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { processWebhookEvent } from '../purchase/index.ts';
import { openOrder } from '../../../test/purchases.ts';

/*
 * Invoice numbers under concurrent captures, on PostgreSQL (PGlite has one connection, so it
 * cannot race): captures by different members at once, through the member's verify call and
 * the provider's webhook both, take distinct numbers with no gap.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000' });
});
afterAll(() => t.close());

async function approvedOrder(m: Member) {
  const order = await openOrder(t, m.auth, 'starter');
  expect(order.statusCode).toBe(200);
  const orderId = order.json<{ order_id: string }>().order_id;
  const approved = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/approve',
    headers: m.auth,
    payload: { order_id: orderId },
  });
  expect(approved.statusCode).toBe(200);
  return { m, orderId, proof: approved.json<Record<string, string>>() };
}

describe('invoice numbers under concurrent captures (PostgreSQL)', () => {
  it('20 concurrent captures across members → 20 distinct, gapless invoice numbers, one per payment', async () => {
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await signUpAndLogin(t));
    const before =
      (await t.db.query<{ last_number: number }>(`SELECT last_number FROM invoice_counters WHERE series = 'INV'`)).rows[0]?.last_number ??
      0;
    // Approving sends the sandbox's own webhook at once, so captures start racing here already.
    const orders = await Promise.all(members.map(approvedOrder));

    // Each capture twice at once: the member's verify call and the sandbox's webhook event.
    const events = (await t.db.query<{ event_id: string }>(`SELECT event_id FROM payment_webhook_events WHERE status = 'pending'`)).rows;
    const results = await Promise.all([
      ...orders.map((o) =>
        t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: o.m.auth, payload: o.proof }),
      ),
      ...events.map((e) => processWebhookEvent(t.deps, e.event_id)),
    ]);
    for (const r of results.slice(0, orders.length)) expect((r as { statusCode: number }).statusCode).toBe(200);

    const invoices = (
      await t.db.query<{ seq: number; invoice_number: string; user_id: string; total_minor: number }>(
        `SELECT i.seq, i.invoice_number, i.user_id, i.total_minor FROM invoices i JOIN payments p ON p.id = i.payment_id
        WHERE p.razorpay_order_id = ANY($1) ORDER BY i.seq`,
        [orders.map((o) => o.orderId)],
      )
    ).rows;
    expect(invoices).toHaveLength(20);
    expect(new Set(invoices.map((i) => i.invoice_number)).size).toBe(20);
    expect(invoices.map((i) => i.seq)).toEqual(Array.from({ length: 20 }, (_, k) => before + 1 + k));
    expect(new Set(invoices.map((i) => i.user_id))).toEqual(new Set(members.map((m) => m.user.id)));
    expect(invoices.every((i) => i.total_minor === 5782)).toBe(true);
    const counter = (await t.db.query<{ last_number: number }>(`SELECT last_number FROM invoice_counters WHERE series = 'INV'`)).rows[0]!;
    expect(counter.last_number).toBe(before + 20);
    // Ledger sums hold: every lot's remaining equals the sum of its entries, one purchase credit per payment.
    const drift = await t.db.query(
      `SELECT l.id FROM token_lots l LEFT JOIN token_ledger e ON e.lot_id = l.id
        WHERE l.user_id = ANY($1) GROUP BY l.id, l.remaining HAVING l.remaining <> coalesce(sum(e.amount), 0)`,
      [members.map((m) => m.user.id)],
    );
    expect(drift.rows).toHaveLength(0);
    const credits = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM token_ledger e JOIN payments p ON p.id = e.payment_id WHERE p.razorpay_order_id = ANY($1) AND e.kind = 'purchase'`,
      [orders.map((o) => o.orderId)],
    );
    expect(credits.rows[0]!.n).toBe(20);
  }, 240_000);

  it('a capture that rolls back gives its number back: the next capture takes it', async () => {
    const a = await approvedOrder(await signUpAndLogin(t));
    const before = (await t.db.query<{ last_number: number }>(`SELECT last_number FROM invoice_counters WHERE series = 'INV'`)).rows[0]!
      .last_number;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`UPDATE invoice_counters SET last_number = last_number + 1 WHERE series = 'INV'`);
        throw new Error('capture failed after taking a number');
      }),
    ).rejects.toThrow('capture failed');
    const res = await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: a.m.auth, payload: a.proof });
    expect(res.statusCode).toBe(200);
    const inv = (
      await t.db.query<{ seq: number }>(
        `SELECT i.seq FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.razorpay_order_id = $1`,
        [a.orderId],
      )
    ).rows[0]!;
    expect(inv.seq).toBe(before + 1);
  });
});
