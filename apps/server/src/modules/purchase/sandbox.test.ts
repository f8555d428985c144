import { Writable } from 'node:stream';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { MSG, REPORT_COSTS, SANDBOX_CHECKOUT_MESSAGE } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createSandboxProvider } from '../../adapters/payments/sandbox.ts';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { createRuntime } from '../../runtime.ts';
import { createTestDb } from '../../../test/test-db.ts';
import { silentLog, waitFor } from './test-support.ts';
import { reconcileStaleOrders } from './index.ts';
import { openOrder } from '../../../test/purchases.ts';

// No Razorpay keys: the embedded sandbox provider plays Razorpay's part.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:3000';

interface OrderBody {
  order_id: string;
  amount: number;
  checkout_url: string;
  provider: string;
  key_id: string;
}

async function memberWithOrder(packageId = 'pro') {
  const m = await signUpAndLogin(t);
  const res = await openOrder(t, m.auth, packageId);
  expect(res.statusCode).toBe(200);
  return { m, order: res.json<OrderBody>() };
}
const verify = (m: Member, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: m.auth, payload: body });
const sandboxCall = (action: 'approve' | 'decline', order_id: string, as?: Member) =>
  t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${action}`, headers: as?.auth ?? {}, payload: { order_id } });
const balance = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{
    paid_tokens: number;
    available_tokens: number;
  }>();
const events = async (orderId: string) =>
  (
    await t.db.query<{ event: string; status: string }>(
      `SELECT event, status FROM payment_webhook_events WHERE payload->'payment'->'entity'->>'order_id' = $1 ORDER BY received_at`,
      [orderId],
    )
  ).rows;
const purchaseCredits = async (orderId: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM token_ledger e JOIN payments p ON p.id = e.payment_id
      WHERE p.razorpay_order_id = $1 AND e.kind = 'purchase'`,
      [orderId],
    )
  ).rows[0]!.n;

/**
 * Runs the checkout page's script against a minimal DOM: its fetches go to the app, what it
 * posts to the opener window is recorded, and the opener answers its `ready` with `token`
 * (the member's access token), as the web app does.
 */
async function openCheckout(orderId: string, m: Member) {
  const script = (await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' })).body;
  const handlers: Record<string, () => void> = {};
  const element = (id: string) => ({
    id,
    disabled: false,
    textContent: '',
    getAttribute: (name: string) => (name === 'data-order-id' ? orderId : null),
    addEventListener: (_event: string, handler: () => void) => {
      handlers[id] = handler;
    },
  });
  const elements = Object.fromEntries(['checkout', 'status', 'approve', 'decline', 'close'].map((id) => [id, element(id)]));
  const posted: Array<{ message: unknown; targetOrigin: string }> = [];
  let closed = false;
  let onMessage: (event: { origin: string; source: unknown; data: unknown }) => void = () => undefined;
  const opener = { closed: false, postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  const window = {
    location: { origin: ORIGIN, href: `${ORIGIN}/api/payments/sandbox/checkout?order_id=${orderId}` },
    opener,
    close: () => {
      closed = true;
    },
    addEventListener: (_type: 'message', handler: typeof onMessage) => {
      onMessage = handler;
    },
  };
  const document = {
    getElementById: (id: string) => elements[id] ?? null,
    querySelectorAll: () => [elements.approve, elements.decline, elements.close],
  };
  const fetch = async (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => {
    const res = await t.app.inject({ method: init.method, url: new URL(url).pathname, headers: init.headers, payload: init.body });
    return { ok: res.statusCode < 300, json: async () => res.json() };
  };
  vm.runInNewContext(script, { window, document, fetch, URL, JSON, Array });
  expect(posted.shift()?.message).toEqual({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'ready' });
  // Another window's message is not the opener's answer.
  onMessage({ origin: 'https://evil.example', source: opener, data: { type: SANDBOX_CHECKOUT_MESSAGE, status: 'token', token: 'forged' } });
  const token = m.auth.authorization.replace(/^Bearer /, '');
  onMessage({ origin: ORIGIN, source: opener, data: { type: SANDBOX_CHECKOUT_MESSAGE, status: 'token', token } });
  return {
    click: (id: string) => handlers[id]!(),
    posted,
    closed: () => closed,
    status: () => elements.status!.textContent,
  };
}

describe('the sandbox checkout (no Razorpay keys)', () => {
  it('opens a sandbox order with a checkout page to show', async () => {
    const { order } = await memberWithOrder();
    expect(order).toMatchObject({ provider: 'sandbox', key_id: 'rzp_test_sandbox', amount: 15222 });
    expect(order.order_id).toMatch(/^order_sbx_[A-Za-z0-9]{14}$/);
    expect(order.checkout_url).toBe(`/api/payments/sandbox/checkout?order_id=${order.order_id}`);
  });

  it('serves the branded page with the package and amount, and its script from its own URL under the CSP', async () => {
    const { order } = await memberWithOrder();
    const page = await t.app.inject({ method: 'GET', url: order.checkout_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Assay');
    expect(page.body).toContain('Pro · 30,000 tokens');
    expect(page.body).toContain('$129.00');
    expect(page.body).toContain('$23.22');
    expect(page.body).toContain('$152.22');
    for (const label of ['Approve', 'Decline', 'Close']) expect(page.body).toContain(`>${label}</button>`);
    expect(page.body).toContain('<script src="checkout.js" defer></script>');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

    const js = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(() => new vm.Script(js.body)).not.toThrow();
  });

  it('escapes what it shows and answers 404 for an unknown order', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout?order_id=order_sbx_%3Cscript%3E' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This checkout link is not valid');
    expect(page.body).not.toContain('<script>');
    expect((await sandboxCall('approve', 'order_sbx_unknown0000000', await signUpAndLogin(t))).statusCode).toBe(404);
  });

  it('Approve hands the opener a signed payment that verify-payment accepts, and credits once with its webhook', async () => {
    const { m, order } = await memberWithOrder();
    const checkout = await openCheckout(order.order_id, m);
    checkout.click('approve');
    await waitFor(async () => checkout.posted.length > 0);
    expect(checkout.closed()).toBe(true);
    const [{ message, targetOrigin }] = checkout.posted as [
      { message: { type: string; status: string; response: Record<string, string> }; targetOrigin: string },
    ];
    expect(targetOrigin).toBe(ORIGIN);
    expect(message).toMatchObject({ type: SANDBOX_CHECKOUT_MESSAGE, status: 'success' });
    expect(message.response.razorpay_order_id).toBe(order.order_id);
    expect(message.response.razorpay_payment_id).toMatch(/^pay_sbx_/);
    expect(message.response.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);

    // The sandbox also sent our webhook route a signed payment.captured, through the production path.
    await waitFor(async () => (await events(order.order_id)).some((e) => e.event === 'payment.captured' && e.status === 'processed'));

    const res = await verify(m, message.response);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, tokens_added: 30000, available_tokens: 30000 + REPORT_COSTS.basic });
    expect(await purchaseCredits(order.order_id)).toBe(1);

    // Approving again is the same payment, and still one credit.
    const again = await sandboxCall('approve', order.order_id, m);
    expect(again.json().razorpay_payment_id).toBe(message.response.razorpay_payment_id);
    expect(await purchaseCredits(order.order_id)).toBe(1);
    expect((await balance(m)).paid_tokens).toBe(30000);
  });

  it('refuses a sandbox payment with a forged signature', async () => {
    const { m, order } = await memberWithOrder();
    const approved = (await sandboxCall('approve', order.order_id, m)).json<Record<string, string>>();
    const res = await verify(m, {
      ...approved,
      razorpay_signature: approved.razorpay_signature!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.paymentVerificationFailed);
  });

  it('Decline posts a failure to the opener and credits nothing', async () => {
    const { m, order } = await memberWithOrder();
    const checkout = await openCheckout(order.order_id, m);
    checkout.click('decline');
    await waitFor(async () => checkout.posted.length > 0);
    expect(checkout.posted[0]!.message).toMatchObject({
      type: SANDBOX_CHECKOUT_MESSAGE,
      status: 'failed',
      error: { description: MSG.paymentDeclined },
    });
    expect(checkout.closed()).toBe(true);
    // The decline is recorded at once and the webhook it sends finds it already recorded (one use-case, idempotent).
    await waitFor(async () => (await events(order.order_id)).some((e) => e.event === 'payment.failed' && e.status === 'processed'));
    expect((await balance(m)).paid_tokens).toBe(0);
    const row = await t.db.query<{ status: string; failure_reason: string }>(
      'SELECT status, failure_reason FROM payments WHERE razorpay_order_id = $1',
      [order.order_id],
    );
    expect(row.rows[0]).toEqual({ status: 'failed', failure_reason: MSG.paymentDeclined });
    // Declining twice changes nothing; approving afterwards (a second try in the same window) still pays.
    expect((await sandboxCall('decline', order.order_id, m)).statusCode).toBe(200);
    const approved = (await sandboxCall('approve', order.order_id, m)).json<Record<string, string>>();
    expect((await verify(m, approved)).statusCode).toBe(200);
    expect(await purchaseCredits(order.order_id)).toBe(1);
  });

  it('Close just closes, posting nothing', async () => {
    const { m, order } = await memberWithOrder();
    const checkout = await openCheckout(order.order_id, m);
    checkout.click('close');
    expect(checkout.closed()).toBe(true);
    expect(checkout.posted).toHaveLength(0);
  });

  it('the reconciler credits a sandbox payment whose webhook and verify call were both lost', async () => {
    const { m, order } = await memberWithOrder();
    // Pay through the provider directly: no webhook, no verify call.
    await createSandboxProvider(t.db, t.config.JWT_SECRET).approve(order.order_id);
    await t.db.query(`UPDATE payments SET created_at = now() - interval '30 minutes' WHERE razorpay_order_id = $1`, [order.order_id]);
    const result = await reconcileStaleOrders(
      { config: t.config, db: t.db, log: silentLog, payments: t.deps.payments, queue: t.deps.queue },
      { olderThanMinutes: 15 },
    );
    expect(result.credited).toBe(1);
    expect((await balance(m)).paid_tokens).toBe(30000);
  });
});

describe('who may pay a sandbox order', () => {
  it('approves and declines only the signed-in member’s own orders: another member’s is not found, anonymous is refused', async () => {
    const { m, order } = await memberWithOrder();
    const other = await signUpAndLogin(t);
    for (const action of ['approve', 'decline'] as const) {
      const anonymous = await sandboxCall(action, order.order_id);
      expect(anonymous.statusCode).toBe(401);
      const stranger = await sandboxCall(action, order.order_id, other);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().detail).toBe(MSG.paymentOrderNotFound);
    }
    // Nothing was paid or attempted by them.
    const attempts = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_sandbox_payments WHERE order_id = $1', [
      order.order_id,
    ]);
    expect(attempts.rows[0]!.n).toBe(0);
    expect((await balance(other)).paid_tokens).toBe(0);

    const own = await sandboxCall('approve', order.order_id, m);
    expect(own.statusCode).toBe(200);
    expect((await verify(m, own.json())).statusCode).toBe(200);
    expect((await balance(m)).paid_tokens).toBe(30000);
  });

  it('the checkout page without its opener says so and pays nothing', async () => {
    const { order } = await memberWithOrder();
    const script = (await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.js' })).body;
    const status = { textContent: '' };
    const el = (id: string) => ({
      id,
      disabled: false,
      textContent: '',
      getAttribute: () => order.order_id,
      addEventListener: () => undefined,
    });
    const buttons = [el('approve'), el('decline'), el('close')];
    const document = { getElementById: (id: string) => (id === 'status' ? status : el(id)), querySelectorAll: () => buttons };
    const window = { location: { origin: ORIGIN, href: ORIGIN }, opener: null, close: () => undefined, addEventListener: () => undefined };
    vm.runInNewContext(script, {
      window,
      document,
      fetch: () => {
        throw new Error('no call expected');
      },
      URL,
      JSON,
      Array,
    });
    expect(status.textContent).toBe(MSG.sandboxCheckoutNoSession);
    expect(buttons.filter((b) => b.id !== 'close').every((b) => b.disabled)).toBe(true);
  });
});

describe('the sandbox in production', () => {
  // The offline report writer on purpose: only the payment refusal is under test here.
  const prod = { NODE_ENV: 'production', DATA_DIR: '/tmp/assay-test-unused', JWT_SECRET: 'x'.repeat(32), REPORT_WRITER: 'offline' };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  it('refuses to start without Razorpay keys, with or without a database server, even when the sandbox is asked for', () => {
    const refusal = expect.stringMatching(/^RAZORPAY_KEY_ID: required in production.*PAYMENTS_SANDBOX_IN_PRODUCTION=true/);
    expect(problems(prod)).toEqual([refusal]);
    expect(problems({ ...prod, DATABASE_URL: 'postgres://db.example/assay' })).toEqual([refusal]);
    expect(problems({ ...prod, PAYMENT_PROVIDER: 'sandbox' })).toEqual([refusal]);
    expect(
      problems({
        ...prod,
        PAYMENT_PROVIDER: 'sandbox',
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }),
    ).toEqual([refusal]);
    expect(problems({ ...prod, RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' })).toEqual([]);
  });

  it('starts with the explicit opt-in, warning in the log as it starts', async () => {
    const config = loadConfig({ ...prod, PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' });
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
    const runtime = await createRuntime(config, log, { supervise: false, db: await createTestDb() });
    await runtime.close();
    const warnings = lines.filter((l) => l.level === 40 && /sandbox checkout is on in production/.test(l.msg));
    expect(warnings).toHaveLength(1);
  });
});
