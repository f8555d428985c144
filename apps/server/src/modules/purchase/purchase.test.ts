import { MSG, REPORT_COSTS } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { silentLog, waitFor } from './test-support.ts';
import { processPendingWebhookEvents, reconcileStaleOrders } from './index.ts';
import { openOrder } from '../../../test/purchases.ts';

let rzp: FakeRazorpay;
let t: TestApp;
beforeAll(async () => {
  rzp = await startFakeRazorpay();
  t = await createTestApp(rzp.env);
});
afterAll(async () => {
  await t.close();
  await rzp.close();
});

const createOrder = (m: Member, package_id: unknown = 'pro') => openOrder(t, m.auth, package_id);
const verify = (m: Member, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: m.auth, payload: body });
const postWebhook = (hook: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body });
const balance = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{
    available_tokens: number;
    paid_tokens: number;
    bonus_tokens: number;
  }>();
const paymentRow = async (orderId: string) =>
  (
    await t.db.query<{
      status: string;
      razorpay_payment_id: string | null;
      amount: number;
      currency: string;
      receipt: string;
      user_id: string;
      paid_at: Date | null;
      failure_reason: string | null;
    }>(
      'SELECT status, razorpay_payment_id, amount, currency, receipt, user_id, paid_at, failure_reason FROM payments WHERE razorpay_order_id = $1',
      [orderId],
    )
  ).rows[0];
const purchaseCredits = async (orderId: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM token_ledger e JOIN payments p ON p.id = e.payment_id
      WHERE p.razorpay_order_id = $1 AND e.kind = 'purchase'`,
      [orderId],
    )
  ).rows[0]!.n;
const eventStatus = async (eventId: string) =>
  (
    await t.db.query<{ status: string; detail: string | null }>('SELECT status, detail FROM payment_webhook_events WHERE event_id = $1', [
      eventId,
    ])
  ).rows[0];
const settled = (eventId: string) =>
  waitFor(async () => {
    const e = await eventStatus(eventId);
    return e && e.status !== 'pending' ? e : undefined;
  });
const reconcileDeps = () => ({ config: t.config, db: t.db, log: silentLog, payments: t.deps.payments, queue: t.deps.queue });

/** A member with an open Razorpay order for the Pro package. */
async function memberWithOrder() {
  const m = await signUpAndLogin(t);
  const res = await createOrder(m);
  expect(res.statusCode).toBe(200);
  return { m, order: res.json<{ order_id: string; amount: number; currency: string }>() };
}

describe('POST /api/tokens/purchase/create-order', () => {
  it('orders the price plus 18% GST in cents from Razorpay, with basic auth and a receipt naming the payment', async () => {
    const m = await signUpAndLogin(t);
    const res = await createOrder(m);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      amount: 15222,
      currency: 'USD',
      key_id: rzp.keyId,
      provider: 'razorpay',
      package: { id: 'pro', tokens: 30000, price_usd: 129 },
      price_breakdown: { price: 12900, gst: 2322, total: 15222, gst_percent: 18 },
      prefill: { email: m.email },
    });
    expect(body.order_id).toMatch(/^order_/);
    expect(body.checkout_url).toBeUndefined();

    const call = rzp.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/orders' });
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${rzp.keyId}:${rzp.keySecret}`).toString('base64')}`);
    const sent = call.body as { amount: number; currency: string; receipt: string; notes: Record<string, string> };
    expect(sent).toMatchObject({ amount: 15222, currency: 'USD', notes: { user_id: m.user.id, package_id: 'pro', tokens: '30000' } });
    expect(sent.receipt.length).toBeLessThanOrEqual(40);

    const row = await paymentRow(body.order_id);
    expect(row).toMatchObject({ status: 'created', amount: 15222, currency: 'USD', receipt: sent.receipt, user_id: m.user.id });
    expect(sent.receipt).toBe(`rcpt_${sent.notes.payment_id!.replaceAll('-', '')}`);
  });

  it('answers 404 with a clear detail for an unknown or inactive package, and orders nothing', async () => {
    const m = await signUpAndLogin(t);
    const before = rzp.calls.length;
    const unknown = await createOrder(m, 'platinum');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(MSG.packageNotFound);
    await t.db.query(`UPDATE token_packages SET active = false WHERE id = 'max'`);
    try {
      const inactive = await createOrder(m, 'max');
      expect(inactive.statusCode).toBe(404);
    } finally {
      await t.db.query(`UPDATE token_packages SET active = true WHERE id = 'max'`);
    }
    expect(rzp.calls.length).toBe(before);
    const rows = await t.db.query('SELECT 1 FROM payments WHERE user_id = $1', [m.user.id]);
    expect(rows.rows).toHaveLength(0);
  });

  it('validates the body and needs a signed-in member', async () => {
    const m = await signUpAndLogin(t);
    const missing = await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/create-order', headers: m.auth, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('Please choose a token package');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/create-order', payload: { package_id: 'pro' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each(['server-error', 'hang', 'bad-json'] as const)(
    'answers 502 "Failed to initiate purchase" when Razorpay fails (%s), recording nothing',
    async (fault) => {
      const m = await signUpAndLogin(t);
      rzp.enqueue(fault);
      const res = await createOrder(m);
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toBe(MSG.purchaseFailed);
      const rows = await t.db.query('SELECT 1 FROM payments WHERE user_id = $1', [m.user.id]);
      expect(rows.rows).toHaveLength(0);
    },
  );

  it('charges another PAYMENT_CURRENCY only at a price entered for it, never a converted one', async () => {
    const inr = await createTestApp({ ...rzp.env, PAYMENT_CURRENCY: 'INR' });
    try {
      const m = await signUpAndLogin(inr);
      const order = () => openOrder(inr, m.auth, 'pro');
      const noPrice = await order();
      expect(noPrice.statusCode).toBe(503);
      expect(noPrice.json().detail).toBe(MSG.purchaseFailed);
      await inr.db.query(`INSERT INTO token_package_prices (package_id, currency, amount_minor) VALUES ('pro', 'INR', 1075000)`);
      const res = await order();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ amount: 1268500, currency: 'INR', price_breakdown: { price: 1075000, gst: 193500 } });
      expect(rzp.calls.at(-1)!.body).toMatchObject({ amount: 1268500, currency: 'INR' });
    } finally {
      await inr.close();
    }
  });
});

describe('POST /api/tokens/purchase/verify-payment', () => {
  it('credits a genuine payment once, and answers the same success when called again', async () => {
    const { m, order } = await memberWithOrder();
    const paid = rzp.pay(order.order_id);
    const triple = {
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_signature: paid.razorpay_signature,
    };
    const first = await verify(m, triple);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      tokens_added: 30000,
      available_tokens: 30000 + REPORT_COSTS.basic,
      message: 'Successfully purchased 30,000 tokens!',
    });
    const again = await verify(m, triple);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balance(m)).toMatchObject({ paid_tokens: 30000, bonus_tokens: REPORT_COSTS.basic });
    expect(await paymentRow(order.order_id)).toMatchObject({ status: 'paid', razorpay_payment_id: paid.razorpay_payment_id });
    expect(await purchaseCredits(order.order_id)).toBe(1);
  });

  it('refuses a forged signature with the spec message and credits nothing', async () => {
    const { m, order } = await memberWithOrder();
    const paid = rzp.pay(order.order_id);
    const other = rzp.sign(`${order.order_id}|pay_SomeoneElse0001`);
    for (const razorpay_signature of ['0'.repeat(64), other, 'not-hex', paid.razorpay_signature.toUpperCase()]) {
      const res = await verify(m, { razorpay_payment_id: paid.razorpay_payment_id, razorpay_order_id: order.order_id, razorpay_signature });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(MSG.paymentVerificationFailed);
    }
    const signedWithWrongKey = rzp.sign(`${order.order_id}|${paid.razorpay_payment_id}`, 'another-secret');
    const wrongKey = await verify(m, {
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_order_id: order.order_id,
      razorpay_signature: signedWithWrongKey,
    });
    expect(wrongKey.statusCode).toBe(400);
    // Recorded as failed at once, not left pending until the abandon timeout.
    expect(await paymentRow(order.order_id)).toMatchObject({
      status: 'failed',
      razorpay_payment_id: null,
      failure_reason: 'Payment signature did not verify',
    });
    expect((await balance(m)).paid_tokens).toBe(0);
    // The genuine payment arriving afterwards is still credited: the money is the member's.
    const genuine = await verify(m, {
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_order_id: order.order_id,
      razorpay_signature: paid.razorpay_signature,
    });
    expect(genuine.statusCode).toBe(200);
    expect(await paymentRow(order.order_id)).toMatchObject({ status: 'paid', razorpay_payment_id: paid.razorpay_payment_id });
    expect(await purchaseCredits(order.order_id)).toBe(1);
  });

  it("answers 404 for someone else's order, even with a genuine signature, and credits no one", async () => {
    const { m: owner, order } = await memberWithOrder();
    const intruder = await signUpAndLogin(t);
    const paid = rzp.pay(order.order_id);
    const res = await verify(intruder, {
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_signature: paid.razorpay_signature,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(MSG.paymentOrderNotFound);
    expect((await balance(intruder)).paid_tokens).toBe(0);
    expect((await balance(owner)).paid_tokens).toBe(0);
    expect((await paymentRow(order.order_id))!.status).toBe('created');
  });

  it('answers 404 for an unknown order and 422 for a missing field', async () => {
    const m = await signUpAndLogin(t);
    const unknown = await verify(m, { razorpay_payment_id: 'pay_x', razorpay_order_id: 'order_nope', razorpay_signature: 'x' });
    expect(unknown.statusCode).toBe(404);
    const missing = await verify(m, { razorpay_payment_id: 'pay_x', razorpay_order_id: 'order_nope' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('razorpay_signature is required');
  });
});

describe('POST /api/tokens/purchase/abandon-order', () => {
  const abandon = (m: Member, order_id: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/tokens/purchase/abandon-order', headers: m.auth, payload: { order_id } });

  it('a checkout closed without paying reads Failed at once, not Pending for a day; a payment that still arrives is credited', async () => {
    const m = await signUpAndLogin(t);
    const orderId = (await createOrder(m, 'starter')).json<{ order_id: string }>().order_id;
    const res = await abandon(m, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'failed' });
    expect(await paymentRow(orderId)).toMatchObject({ status: 'failed', failure_reason: 'Checkout closed without paying' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/billing/purchases', headers: m.auth });
    expect(mine.json<{ purchases: { status: string }[] }>().purchases[0]!.status).toBe('failed');
    expect((await abandon(m, orderId)).json()).toEqual({ status: 'failed' });

    // The member paid in another attempt after all: the money buys the tokens.
    const paid = rzp.pay(orderId);
    expect(
      (
        await verify(m, {
          razorpay_payment_id: paid.razorpay_payment_id,
          razorpay_order_id: paid.razorpay_order_id,
          razorpay_signature: paid.razorpay_signature,
        })
      ).statusCode,
    ).toBe(200);
    expect(await paymentRow(orderId)).toMatchObject({ status: 'paid' });
    expect((await abandon(m, orderId)).json()).toEqual({ status: 'paid' });
    expect(await paymentRow(orderId)).toMatchObject({ status: 'paid' });
  });

  it("another member's order and an unknown one are not found and untouched; a bad body is a 422; it needs a session", async () => {
    const owner = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const orderId = (await createOrder(owner, 'starter')).json<{ order_id: string }>().order_id;
    for (const id of [orderId, 'order_unknown000000']) {
      const res = await abandon(other, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(MSG.paymentOrderNotFound);
    }
    expect(await paymentRow(orderId)).toMatchObject({ status: 'created' });
    expect((await abandon(owner, '')).statusCode).toBe(422);
    expect((await abandon(owner, 'x\u0000y')).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/abandon-order', payload: { order_id: orderId } })).statusCode,
    ).toBe(401);
  });
});

describe('verify and webhooks racing for the same payment', () => {
  it('20 parallel verify calls plus 5 webhook deliveries credit the order exactly once', async () => {
    const { m, order } = await memberWithOrder();
    const paid = rzp.pay(order.order_id);
    const triple = {
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_signature: paid.razorpay_signature,
    };
    const captured = rzp.webhook('payment.captured', paid.razorpay_payment_id, { eventId: `evt_same_${order.order_id}` });
    const orderPaid = rzp.webhook('order.paid', paid.razorpay_payment_id);

    const [verifies, hooks] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => verify(m, triple))),
      Promise.all([captured, captured, captured, captured, orderPaid].map(postWebhook)),
    ]);
    for (const v of verifies) {
      expect(v.statusCode).toBe(200);
      expect(v.json()).toMatchObject({ success: true, tokens_added: 30000 });
    }
    expect(hooks.map((h) => h.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(
      hooks
        .slice(0, 4)
        .map((h) => h.json().status)
        .sort(),
    ).toEqual(['accepted', 'duplicate', 'duplicate', 'duplicate']);
    expect(hooks[4]!.json().status).toBe('accepted');

    expect((await settled(captured.headers['x-razorpay-event-id'])).status).toBe('processed');
    expect((await settled(orderPaid.headers['x-razorpay-event-id'])).status).toBe('processed');
    expect(await purchaseCredits(order.order_id)).toBe(1);
    expect(await balance(m)).toMatchObject({ paid_tokens: 30000, available_tokens: 30000 + REPORT_COSTS.basic });
  });
});

describe('POST /api/payments/webhook', () => {
  it('credits a payment whose member never came back to verify it', async () => {
    const { m, order } = await memberWithOrder();
    const paid = rzp.pay(order.order_id);
    const hook = rzp.webhook('payment.captured', paid.razorpay_payment_id);
    const res = await postWebhook(hook);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'accepted' });
    expect(await settled(hook.headers['x-razorpay-event-id'])).toMatchObject({ status: 'processed' });
    expect((await balance(m)).paid_tokens).toBe(30000);
    expect(await paymentRow(order.order_id)).toMatchObject({ status: 'paid', razorpay_payment_id: paid.razorpay_payment_id });
  });

  it('verifies the exact bytes over real HTTP', async () => {
    const { m, order } = await memberWithOrder();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const paid = rzp.pay(order.order_id);
    const hook = rzp.webhook('order.paid', paid.razorpay_payment_id);
    // Same JSON, other bytes: the signature no longer matches.
    const reformatted = { ...hook, body: JSON.stringify(JSON.parse(hook.body), null, 2) };
    expect((await rzp.sendWebhook(`${address}/api/payments/webhook`, reformatted)).status).toBe(400);
    expect(await eventStatus(hook.headers['x-razorpay-event-id'])).toBeUndefined();
    const sent = await rzp.sendWebhook(`${address}/api/payments/webhook`, hook);
    expect(sent.status).toBe(200);
    await settled(hook.headers['x-razorpay-event-id']);
    expect((await balance(m)).paid_tokens).toBe(30000);
  });

  it('refuses a bad or missing signature with 400 and stores nothing', async () => {
    const { order } = await memberWithOrder();
    const paid = rzp.pay(order.order_id);
    const forged = rzp.webhook('payment.captured', paid.razorpay_payment_id, { signature: 'f'.repeat(64) });
    const res = await postWebhook(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Invalid webhook signature');
    const { 'x-razorpay-signature': _omit, ...unsigned } = rzp.webhook('payment.captured', paid.razorpay_payment_id).headers;
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: unsigned, payload: '{}' })).statusCode).toBe(400);
    expect(await eventStatus(forged.headers['x-razorpay-event-id'])).toBeUndefined();
    expect((await paymentRow(order.order_id))!.status).toBe('created');
  });

  it('rejects a webhook whose amount differs from the order, crediting nothing', async () => {
    const { m, order } = await memberWithOrder();
    const paid = rzp.pay(order.order_id);
    for (const tamper of [{ amount: 100 }, { currency: 'INR' }]) {
      const hook = rzp.webhook('payment.captured', paid.razorpay_payment_id, tamper);
      expect((await postWebhook(hook)).statusCode).toBe(200);
      const ev = await settled(hook.headers['x-razorpay-event-id']);
      expect(ev.status).toBe('rejected');
      expect(ev.detail).toMatch(/does not match the order/);
    }
    expect((await paymentRow(order.order_id))!.status).toBe('created');
    expect((await balance(m)).paid_tokens).toBe(0);
  });

  it('tolerates events out of order: failed after captured changes nothing, order.paid after payment.captured credits nothing more', async () => {
    const { m, order } = await memberWithOrder();
    const paid = rzp.pay(order.order_id);
    const events = [
      rzp.webhook('payment.captured', paid.razorpay_payment_id),
      rzp.webhook('payment.failed', paid.razorpay_payment_id),
      rzp.webhook('order.paid', paid.razorpay_payment_id),
    ];
    for (const e of events) expect((await postWebhook(e)).statusCode).toBe(200);
    const statuses = await Promise.all(events.map((e) => settled(e.headers['x-razorpay-event-id'])));
    expect(statuses.map((s) => s.status)).toEqual(['processed', 'ignored', 'processed']);
    expect(await purchaseCredits(order.order_id)).toBe(1);
    expect((await balance(m)).paid_tokens).toBe(30000);
  });

  it('records payment.failed at once: the order shows failed (not pending), once however often it arrives', async () => {
    const { m, order } = await memberWithOrder();
    const attempt = rzp.pay(order.order_id, { status: 'failed' });
    const hook = rzp.webhook('payment.failed', attempt.razorpay_payment_id);
    const [first, again] = await Promise.all([postWebhook(hook), postWebhook(rzp.webhook('payment.failed', attempt.razorpay_payment_id))]);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(await settled(hook.headers['x-razorpay-event-id'])).toMatchObject({ status: 'processed' });
    const row = await paymentRow(order.order_id);
    expect(row).toMatchObject({ status: 'failed', razorpay_payment_id: null });
    expect(row!.failure_reason).toMatch(/failed/);
    // A later capture of a retried attempt still pays the order.
    const retried = rzp.pay(order.order_id);
    expect(
      (
        await verify(m, {
          razorpay_payment_id: retried.razorpay_payment_id,
          razorpay_order_id: order.order_id,
          razorpay_signature: retried.razorpay_signature,
        })
      ).statusCode,
    ).toBe(200);
    expect((await paymentRow(order.order_id))!.status).toBe('paid');
    expect((await balance(m)).paid_tokens).toBe(30000);
  });

  it('a failure racing a capture for the same order ends paid and credited once, whatever the order', async () => {
    const { m, order } = await memberWithOrder();
    const failedAttempt = rzp.pay(order.order_id, { status: 'failed' });
    const paid = rzp.pay(order.order_id);
    const triple = {
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_order_id: order.order_id,
      razorpay_signature: paid.razorpay_signature,
    };
    const forged = { ...triple, razorpay_signature: '0'.repeat(64) };
    const failures = Array.from({ length: 4 }, () => rzp.webhook('payment.failed', failedAttempt.razorpay_payment_id));
    const results = await Promise.all([
      ...failures.map(postWebhook),
      ...Array.from({ length: 4 }, () => verify(m, forged)),
      ...Array.from({ length: 6 }, () => verify(m, triple)),
    ]);
    expect(results.slice(8).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    await Promise.all(failures.map((f) => settled(f.headers['x-razorpay-event-id'])));
    expect(await paymentRow(order.order_id)).toMatchObject({ status: 'paid', razorpay_payment_id: paid.razorpay_payment_id });
    expect(await purchaseCredits(order.order_id)).toBe(1);
    expect((await balance(m)).paid_tokens).toBe(30000);
  });

  it('keeps an event for an order it does not know yet, and credits it once the order is recorded', async () => {
    const { m, order } = await memberWithOrder();
    const paid = rzp.pay(order.order_id);
    // Simulate the webhook overtaking our own record of the order.
    const saved = await t.db.query<{ id: string }>(
      `UPDATE payments SET razorpay_order_id = 'order_parked_' || id WHERE razorpay_order_id = $1 RETURNING id`,
      [order.order_id],
    );
    const hook = rzp.webhook('payment.captured', paid.razorpay_payment_id);
    expect((await postWebhook(hook)).statusCode).toBe(200);
    const eventId = hook.headers['x-razorpay-event-id'];
    await waitFor(
      async () =>
        (await t.db.query<{ attempts: number }>('SELECT attempts FROM payment_webhook_events WHERE event_id = $1', [eventId])).rows[0]
          ?.attempts === 1,
    );
    expect(await eventStatus(eventId)).toMatchObject({ status: 'pending' });

    await t.db.query('UPDATE payments SET razorpay_order_id = $1 WHERE id = $2', [order.order_id, saved.rows[0]!.id]);
    await t.db.query(`UPDATE payment_webhook_events SET received_at = now() - interval '5 minutes' WHERE event_id = $1`, [eventId]);
    await processPendingWebhookEvents(reconcileDeps());
    expect(await eventStatus(eventId)).toMatchObject({ status: 'processed' });
    expect((await balance(m)).paid_tokens).toBe(30000);
  });
});

describe('reconcileStaleOrders', () => {
  const backdate = (orderId: string, interval: string) =>
    t.db.query(`UPDATE payments SET created_at = now() - $2::interval WHERE razorpay_order_id = $1`, [orderId, interval]);

  it('credits a paid order whose webhook was lost and whose member never verified', async () => {
    const { m, order } = await memberWithOrder();
    rzp.pay(order.order_id);
    await backdate(order.order_id, '20 minutes');
    const before = rzp.calls.length;
    const result = await reconcileStaleOrders(reconcileDeps(), { olderThanMinutes: 15 });
    expect(result.credited).toBeGreaterThanOrEqual(1);
    const asked = rzp.calls.slice(before).find((c) => c.path === `/v1/orders/${order.order_id}/payments`);
    expect(asked?.headers.authorization).toMatch(/^Basic /);
    expect((await balance(m)).paid_tokens).toBe(30000);
    expect((await paymentRow(order.order_id))!.status).toBe('paid');
    const again = await reconcileStaleOrders(reconcileDeps(), { olderThanMinutes: 15 });
    expect(again.credited).toBe(0);
    expect(await purchaseCredits(order.order_id)).toBe(1);
  });

  it('marks an abandoned order failed, leaves a recent one open, and still credits it if money arrives later', async () => {
    const { m, order: abandoned } = await memberWithOrder();
    const recent = (await createOrder(m)).json<{ order_id: string }>();
    await backdate(abandoned.order_id, '2 days');
    const result = await reconcileStaleOrders(reconcileDeps(), { olderThanMinutes: 15, abandonAfterMinutes: 60 });
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(abandoned.order_id)).toMatchObject({
      status: 'failed',
      failure_reason: 'No captured payment within 60 minutes',
    });
    expect((await paymentRow(recent.order_id))!.status).toBe('created');

    const late = rzp.pay(abandoned.order_id);
    const res = await verify(m, {
      razorpay_payment_id: late.razorpay_payment_id,
      razorpay_order_id: late.razorpay_order_id,
      razorpay_signature: late.razorpay_signature,
    });
    expect(res.statusCode).toBe(200);
    expect((await paymentRow(abandoned.order_id))!.status).toBe('paid');
  });

  it('leaves orders open when Razorpay cannot be reached', async () => {
    const { order } = await memberWithOrder();
    await backdate(order.order_id, '3 days');
    await t.db.query(`UPDATE payments SET created_at = now() WHERE status = 'created' AND razorpay_order_id <> $1`, [order.order_id]);
    rzp.enqueue('server-error');
    const result = await reconcileStaleOrders(reconcileDeps(), { olderThanMinutes: 15, abandonAfterMinutes: 60 });
    expect(result.errors).toBe(1);
    expect((await paymentRow(order.order_id))!.status).toBe('created');
  });
});

describe('with Razorpay configured', () => {
  it('serves no sandbox checkout', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout?order_id=order_x' });
    expect(page.statusCode).toBe(404);
    const approve = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/approve', payload: { order_id: 'order_x' } });
    expect(approve.statusCode).toBe(404);
  });
});

describe('payment configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/assay-test-unused', JWT_SECRET: 'x'.repeat(32) };
  it('refuses half-configured Razorpay keys, listing what is missing', () => {
    expect(() => loadConfig({ ...base, RAZORPAY_KEY_ID: 'rzp_live_x' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, RAZORPAY_KEY_ID: 'rzp_live_x' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'RAZORPAY_KEY_SECRET: required when any RAZORPAY_* key is set',
        'RAZORPAY_WEBHOOK_SECRET: required when any RAZORPAY_* key is set',
      ]);
    }
  });

  it('refuses a charge currency that is not an ISO 4217 code', () => {
    expect(() => loadConfig({ ...base, PAYMENT_CURRENCY: 'dollars' })).toThrow(/PAYMENT_CURRENCY/);
  });
});
