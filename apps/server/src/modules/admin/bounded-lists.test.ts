import { adminRefundSummary, REFUND_REASON_SHOWN, type AdminRefund, type AdminRefundList, type Transaction } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, recordStatements } from '../../../test/plans.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { listRefunds } from '../billing/index.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { OPERATOR_PASSWORD, ops } from './test-support.ts';

/** Issue 32 item 3: a member's card and the refund list answer one page and a cursor (decision 184). */
let t: TestApp;
let memberId: string;
const PURCHASES = 57;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: OPERATOR_PASSWORD });
  await ensureFirstOperator(t.deps);
  memberId = (
    await t.db.query<{ id: string }>(
      `INSERT INTO users (name, email, password_hash, is_verified) VALUES ('Heavy Buyer', 'heavy@bounded.example', 'scrypt$x', true) RETURNING id`,
    )
  ).rows[0]!.id;
  // Three purchases a second, so pages break ties by id.
  await t.db.query(
    `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
      provider, receipt, razorpay_order_id, created_at)
    SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), $1, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_bounded_' || i,
           '2024-01-01T00:00:00.000001Z'::timestamptz + (i / 3) * interval '1 second' FROM generate_series(1, ${PURCHASES}) i`,
    [memberId],
  );
  // Someone else's purchase, which the card never shows.
  await t.db
    .query(`INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency, provider, receipt, razorpay_order_id)
    VALUES ('96', 'US', 'LUT-TEST', gen_random_uuid(), NULL, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_bounded_other')`);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: ops });

describe("a member's purchases on the user card", () => {
  it('answers one page and a cursor, then the rest, in order, never another member’s', async () => {
    const expected = (
      await t.db.query<{ id: string }>('SELECT id FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC', [memberId])
    ).rows.map((r) => r.id);
    const first = await get(`/api/admin/users/${memberId}/transactions`);
    expect(first.statusCode).toBe(200);
    // The default page is 50, not every purchase (the card once asked for 500 at once).
    expect(first.json<Transaction[]>()).toHaveLength(50);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const rest = await get(`/api/admin/users/${memberId}/transactions?cursor=${cursor}`);
    expect(rest.json<Transaction[]>()).toHaveLength(PURCHASES - 50);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    expect([...first.json<Transaction[]>(), ...rest.json<Transaction[]>()].map((x) => x.id)).toEqual(expected);

    const small = await get(`/api/admin/users/${memberId}/transactions?limit=20`);
    expect(small.json<Transaction[]>()).toHaveLength(20);
    expect(small.headers['x-next-cursor']).toBeTruthy();
  });

  it('refuses a page larger than the bound, a cursor that is not ours, and an unknown member', async () => {
    expect((await get(`/api/admin/users/${memberId}/transactions?limit=501`)).statusCode).toBe(422);
    const bad = await get(`/api/admin/users/${memberId}/transactions?cursor=${Buffer.from('nope|x').toString('base64url')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
    expect((await get('/api/admin/users/00000000-0000-4000-8000-000000000000/transactions')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/users/${memberId}/transactions` })).statusCode).toBe(401);
  });
});

describe('the refund list', () => {
  const REFUNDS = 23;
  beforeAll(async () => {
    // Paid purchases with a refund request each, three requests a second.
    const paid = await t.db.query<{ id: string }>(
      `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
        provider, receipt, razorpay_order_id, razorpay_payment_id, status, paid_at)
      SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), $1, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_refund_' || i, 'pay_refund_' || i, 'paid', now()
        FROM generate_series(1, ${REFUNDS}) i RETURNING id`,
      [memberId],
    );
    await t.db.query(
      `INSERT INTO refund_requests (payment_id, user_id, reason, tokens, currency, amount_minor, fee_minor, refund_minor, requested_at)
      SELECT p.id, $1, 'Bought the wrong package', 10000, 'USD', 4900, 490, 4410,
             '2024-02-01T00:00:00.000001Z'::timestamptz + (row_number() OVER (ORDER BY p.id) / 3) * interval '1 second'
        FROM payments p WHERE p.id = ANY($2::uuid[])`,
      [memberId, paid.rows.map((r) => r.id)],
    );
  });

  it('answers one page (50 by default, fewer when asked) and X-Next-Cursor, walking every request once, newest first', async () => {
    const expected = (await t.db.query<{ id: string }>('SELECT id FROM refund_requests ORDER BY requested_at DESC, id DESC')).rows.map(
      (r) => r.id,
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(`/api/admin/refunds?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<AdminRefundList>();
      expect(body.items.length).toBeLessThanOrEqual(10);
      expect(body.pending_count).toBe(REFUNDS);
      seen.push(...body.items.map((r) => r.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
    // One status: the same walk through its own index.
    const requested = await get('/api/admin/refunds?status=requested&limit=20');
    expect(requested.json<AdminRefundList>().items).toHaveLength(20);
    expect(requested.headers['x-next-cursor']).toBeTruthy();
    expect((await get('/api/admin/refunds?status=declined')).json<AdminRefundList>().items).toEqual([]);
    expect((await get('/api/admin/refunds?limit=201')).statusCode).toBe(422);
    expect((await get('/api/admin/refunds?cursor=zzz')).statusCode).toBe(400);
  });

  it('picks the page from the request index and joins only its rows to their payments (not every payment)', async () => {
    const { sent } = await recordStatements(t.db, (q) => listRefunds(q, { limit: 10 }));
    const plan = await planOf(t.db, sent[0]!);
    expect(plan).toMatch(/refund_requests_requested_idx/);
    expect(plan).not.toMatch(/Seq Scan on payments/);
    expect(plan).not.toMatch(/Hash Join/);
    const byStatus = await recordStatements(t.db, (q) => listRefunds(q, { status: 'requested', limit: 10 }));
    expect(await planOf(t.db, byStatus.sent[0]!)).toMatch(/refund_requests_status_idx/);
  });
});

describe("the refund list's rows and one request whole (decision 189)", () => {
  const LONG = 200;
  // Each reason as long as a reason may be (1,000 characters), in a script whose letters are three bytes in UTF-8.
  const reason = 'धनवापसी का अनुरोध '.repeat(60).slice(0, 1000);
  const decision = 'अस्वीकृत: टोकन उपयोग हुए '.repeat(45).slice(0, 1000);
  let ids: string[];
  beforeAll(async () => {
    const paid = await t.db.query<{ id: string }>(
      `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
        provider, receipt, razorpay_order_id, razorpay_payment_id, status, paid_at)
      SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), $1, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_long_' || i, 'pay_long_' || i, 'paid', now()
        FROM generate_series(1, ${LONG}) i RETURNING id`,
      [memberId],
    );
    ids = (
      await t.db.query<{ id: string }>(
        `INSERT INTO refund_requests (payment_id, user_id, reason, tokens, currency, amount_minor, fee_minor, refund_minor, requested_at)
      SELECT p.id, $1, $3, 10000, 'USD', 4900, 490, 4410, '2025-03-01T00:00:00Z'::timestamptz + (row_number() OVER (ORDER BY p.id)) * interval '1 second'
        FROM payments p WHERE p.id = ANY($2::uuid[]) RETURNING id`,
        [memberId, paid.rows.map((r) => r.id), reason],
      )
    ).rows.map((r) => r.id);
    await t.db.query(
      `UPDATE refund_requests SET status = 'declined', decided_at = now(), decided_by = 'ops', decision_reason = $2 WHERE id = ANY($1::uuid[])`,
      [ids, decision],
    );
  });

  it('carries what a card shows and no more: each reason cut to its bound, whole rows never sent', async () => {
    const res = await get(`/api/admin/refunds?status=declined&limit=${LONG}`);
    expect(res.statusCode).toBe(200);
    const { items } = res.json<AdminRefundList>();
    expect(items).toHaveLength(LONG);
    for (const item of items) {
      // Exactly the summary's fields: no decided_at, no provider ids, no whole reasons.
      expect(Object.keys(item).sort()).toEqual(Object.keys(adminRefundSummary.shape).sort());
      expect(adminRefundSummary.strict().safeParse(item).success).toBe(true);
      expect(item).toMatchObject({
        reason: reason.slice(0, REFUND_REASON_SHOWN),
        decision_reason: decision.slice(0, REFUND_REASON_SHOWN),
        reasons_cut: true,
        retryable: false,
        decided_by: 'ops',
      });
    }
    // The largest page of the longest reasons: whole, the reasons alone would pass 1 MB.
    expect(LONG * (Buffer.byteLength(reason) + Buffer.byteLength(decision))).toBeGreaterThan(1024 * 1024);
    expect(res.rawPayload.length).toBeLessThan(512 * 1024);
    // Short reasons are whole and say so.
    const short = (await get('/api/admin/refunds?status=requested&limit=1')).json<AdminRefundList>().items[0]!;
    expect(short).toMatchObject({ reason: 'Bought the wrong package', decision_reason: null, reasons_cut: false });
  });

  it('reads one request whole for the operator; an unknown or malformed id is a 404, a member or nobody a 401', async () => {
    const res = await get(`/api/admin/refunds/${ids[0]}`);
    expect(res.statusCode).toBe(200);
    const whole = res.json<AdminRefund>();
    expect(whole).toMatchObject({
      id: ids[0],
      reason,
      decision_reason: decision,
      status: 'declined',
      decided_by: 'ops',
      provider_refund_id: null,
    });
    expect(whole.decided_at).toBeTruthy();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await get(`/api/admin/refunds/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/refunds/${ids[0]}` })).statusCode).toBe(401);
  });
});
