/**
 * A fake Razorpay REST API for tests: real HTTP on 127.0.0.1, a random port. It checks basic
 * auth like Razorpay, keeps orders and their payments, pays an order the way Checkout would
 * (returning the signed triple), and builds or sends signed webhooks.
 *
 *   const rzp = await startFakeRazorpay();
 *   const t = await createTestApp(rzp.env);           // RAZORPAY_API_BASE points here
 *   const paid = rzp.pay(orderId);                    // { razorpay_payment_id, razorpay_order_id, razorpay_signature }
 *   const hook = rzp.webhook('payment.captured', paid.razorpay_payment_id);
 */
import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed';
  method: 'card';
  captured: boolean;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Record<string, string> | [];
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * 'answer-lost': the request takes effect, then the answer never comes (the client times out).
 * 'ok': no fault for that request (to fault a later one).
 */
export type FakeFault = 'server-error' | 'hang' | 'bad-json' | 'answer-lost' | 'ok';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rid = (prefix: string) => prefix + Array.from({ length: 14 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeRazorpay(opts: { keyId?: string; keySecret?: string; webhookSecret?: string } = {}) {
  const keyId = opts.keyId ?? 'rzp_test_fake0000000001';
  const keySecret = opts.keySecret ?? 'fake-key-secret-0123456789';
  const webhookSecret = opts.webhookSecret ?? 'fake-webhook-secret-0123456789';
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  /** The state a new refund answers with (Razorpay: pending, then a webhook). */
  let newRefundStatus: FakeRefund['status'] = 'pending';
  /** A pause before handling each request, so concurrent callers overlap as over a real network. */
  let delayMs = 0;
  const calls: RecordedCall[] = [];
  const faults: FakeFault[] = [];
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, description: string) =>
    send(res, status, { error: { code: 'BAD_REQUEST_ERROR', description } });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on(
      'end',
      () =>
        void new Promise((r) => setTimeout(r, delayMs)).then(() => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = undefined;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = text;
          }
          const path = (req.url ?? '/').split('?')[0]!;
          calls.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

          const fault = faults.shift();
          if (fault === 'hang') return; // never answers: the client must time out
          if (fault === 'server-error') return error(res, 500, 'The server encountered an error');
          if (fault === 'bad-json') {
            res.writeHead(200, { 'content-type': 'application/json' });
            return res.end('{"id": ');
          }

          const lost = fault === 'answer-lost';
          const answer = (status: number, b: unknown) => (lost ? undefined : send(res, status, b));

          const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
          if (req.headers.authorization !== expected) return error(res, 401, 'Authentication failed');

          if (req.method === 'POST' && path === '/v1/orders') {
            const b = (body ?? {}) as Partial<{ amount: unknown; currency: unknown; receipt: unknown; notes: unknown }>;
            if (typeof b.amount !== 'number' || !Number.isInteger(b.amount) || b.amount < 100) {
              return error(res, 400, 'The amount must be atleast INR 1.00');
            }
            if (typeof b.currency !== 'string' || !/^[A-Z]{3}$/.test(b.currency)) return error(res, 400, 'The currency is invalid');
            if (typeof b.receipt === 'string' && b.receipt.length > 40)
              return error(res, 400, 'receipt: the length must be no more than 40.');
            const order: FakeOrder = {
              id: rid('order_'),
              entity: 'order',
              amount: b.amount,
              amount_paid: 0,
              amount_due: b.amount,
              currency: b.currency,
              receipt: typeof b.receipt === 'string' ? b.receipt : '',
              status: 'created',
              attempts: 0,
              notes: (b.notes ?? {}) as Record<string, string>,
              created_at: now(),
            };
            orders.set(order.id, order);
            return send(res, 200, order);
          }
          const m = /^\/v1\/orders\/([^/]+)(\/payments)?$/.exec(path);
          if (req.method === 'GET' && m) {
            const order = orders.get(decodeURIComponent(m[1]!));
            if (!order) return error(res, 400, 'The id provided does not exist');
            if (!m[2]) return send(res, 200, order);
            const items = [...payments.values()].filter((p) => p.order_id === order.id);
            return send(res, 200, { entity: 'collection', count: items.length, items });
          }
          const refundPath = /^\/v1\/payments\/([^/]+)\/(refund|refunds)$/.exec(path);
          if (refundPath) {
            const payment = payments.get(decodeURIComponent(refundPath[1]!));
            if (!payment) return error(res, 400, 'The id provided does not exist');
            const ofPayment = [...refunds.values()].filter((r) => r.payment_id === payment.id);
            if (req.method === 'GET' && refundPath[2] === 'refunds') {
              return answer(200, { entity: 'collection', count: ofPayment.length, items: ofPayment });
            }
            if (req.method === 'POST' && refundPath[2] === 'refund') {
              const b = (body ?? {}) as Partial<{ amount: unknown; receipt: unknown; notes: unknown; speed: unknown }>;
              if (payment.status !== 'captured') return error(res, 400, 'The payment has not been captured');
              const amount = b.amount === undefined ? payment.amount : b.amount;
              if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
                return error(res, 400, 'The refund amount provided is less than minimum amount allowed');
              }
              const refunded = ofPayment.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
              if (refunded + amount > payment.amount) {
                return error(res, 400, 'The total refund amount is greater than the refund payment amount');
              }
              const refund: FakeRefund = {
                id: rid('rfnd_'),
                entity: 'refund',
                payment_id: payment.id,
                amount,
                currency: payment.currency,
                receipt: typeof b.receipt === 'string' ? b.receipt : null,
                notes: b.notes && typeof b.notes === 'object' && Object.keys(b.notes).length ? (b.notes as Record<string, string>) : [],
                status: newRefundStatus,
                speed_requested: typeof b.speed === 'string' ? b.speed : 'normal',
                created_at: now(),
              };
              refunds.set(refund.id, refund);
              return answer(200, refund);
            }
          }
          return error(res, 404, 'The requested URL was not found on the server.');
        }),
    );
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

  /** Pays an order as Checkout would; returns what Checkout hands the success handler. */
  function pay(orderId: string, o: { status?: FakePayment['status'] } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake razorpay: no order ${orderId}`);
    const status = o.status ?? 'captured';
    const payment: FakePayment = {
      id: rid('pay_'),
      entity: 'payment',
      order_id: orderId,
      amount: order.amount,
      currency: order.currency,
      status,
      method: 'card',
      captured: status === 'captured',
      created_at: now(),
    };
    payments.set(payment.id, payment);
    order.attempts++;
    if (status === 'captured') {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    } else {
      order.status = 'attempted';
    }
    return {
      payment,
      razorpay_payment_id: payment.id,
      razorpay_order_id: orderId,
      razorpay_signature: sign(keySecret, `${orderId}|${payment.id}`),
    };
  }

  /**
   * A signed webhook as Razorpay sends it. `tamper` changes the body after the fact (the
   * signature still covers it when `resign` is true: a leaked secret, or a provider bug).
   */
  function webhook(
    event: 'payment.captured' | 'order.paid' | 'payment.failed' | string,
    paymentId: string,
    o: { eventId?: string; amount?: number; currency?: string; signature?: string } = {},
  ) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`fake razorpay: no payment ${paymentId}`);
    const order = orders.get(payment.order_id)!;
    const entity = { ...payment, amount: o.amount ?? payment.amount, currency: o.currency ?? payment.currency };
    const payload: Record<string, unknown> = { payment: { entity } };
    if (event === 'order.paid') payload.order = { entity: { ...order, amount_paid: entity.amount } };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake000000001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': o.signature ?? sign(webhookSecret, body),
        'x-razorpay-event-id': o.eventId ?? rid('evt_'),
      },
    };
  }

  /** A signed refund.processed / refund.failed webhook; the fake's refund takes that state. */
  function refundWebhook(event: 'refund.processed' | 'refund.failed' | 'refund.created', refundId: string, o: { eventId?: string } = {}) {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`fake razorpay: no refund ${refundId}`);
    if (event === 'refund.processed') refund.status = 'processed';
    if (event === 'refund.failed') refund.status = 'failed';
    const payment = payments.get(refund.payment_id)!;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake000000001',
      event,
      contains: ['refund', 'payment'],
      payload: { refund: { entity: { ...refund } }, payment: { entity: { ...payment } } },
      created_at: now(),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign(webhookSecret, body),
        'x-razorpay-event-id': o.eventId ?? rid('evt_'),
      },
    };
  }

  /** Sends a webhook over HTTP, as Razorpay does; returns the status code. */
  async function sendWebhook(url: string, hook: ReturnType<typeof webhook>) {
    const res = await fetch(url, { method: 'POST', headers: hook.headers, body: hook.body });
    return { status: res.status, body: await res.text() };
  }

  return {
    baseUrl,
    keyId,
    keySecret,
    webhookSecret,
    /** Environment for createTestApp: Razorpay mode against this fake. */
    env: {
      RAZORPAY_API_BASE: baseUrl,
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_TIMEOUT_MS: '500',
    } as Record<string, string>,
    orders,
    payments,
    refunds,
    calls,
    /** New refunds answer with this state (default pending, as Razorpay's normal speed). */
    setNewRefundStatus: (status: FakeRefund['status']) => {
      newRefundStatus = status;
    },
    /** Every request waits this long before it is handled (0: at once). */
    setDelay: (ms: number) => {
      delayMs = ms;
    },
    refundWebhook,
    /** Faults for the next requests, in order. */
    enqueue: (...f: FakeFault[]) => faults.push(...f),
    pay,
    webhook,
    sendWebhook,
    sign: (data: string, secret = keySecret) => sign(secret, data),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
