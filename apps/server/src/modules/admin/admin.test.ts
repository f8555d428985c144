import { randomUUID } from 'node:crypto';
import { MSG, type AdminReport, type AdminStats, type AdminUser, type Transaction } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../../../test/fakes/fake-razorpay.ts';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { COUNT_CAP } from '../../lib/paging.ts';
import { rarestWord } from '../../lib/sql.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { openOrder } from '../../../test/purchases.ts';

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
  const order = await openOrder(t, m.auth, packageId);
  expect(order.statusCode, order.body).toBe(200);
  const paid = rzp.pay(order.json().order_id);
  const res = await t.app.inject({ method: 'POST', url: '/api/tokens/purchase/verify-payment', headers: m.auth, payload: paid });
  expect(res.statusCode).toBe(200);
  return order.json<{ order_id: string; amount: number }>();
}

async function reportCompleted(m: Member) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/reports/generate',
    headers: m.auth,
    payload: { idea: IDEA, complexity: 'basic' },
  });
  const id = r.json().id as string;
  for (let i = 0; i < 200; i++) {
    const s = await t.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: m.auth });
    if (s.json().status !== 'processing') return id;
    await new Promise((x) => setTimeout(x, 100));
  }
  throw new Error('report did not finish');
}

const OPERATOR_GETS = [
  '/api/admin/users',
  '/api/admin/transactions',
  '/api/admin/stats',
  '/api/contact/submissions',
  '/api/contact/export',
  '/api/blog/admin/posts?post_type=blog',
];

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
    await openOrder(t, b.auth, 'max');
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
    const reports = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${a.user.id}/reports`, headers: ops })).json<
      AdminReport[]
    >();
    expect(reports).toHaveLength(2);
    expect(
      reports.every((r) => r.status === 'completed' && r.file_url === `/api/reports/${r.id}/download` && r.plan_name === 'Basic'),
    ).toBe(true);
    // The review ran on every section: its findings (possibly none) are there for the operator.
    expect(reports.every((r) => Array.isArray(r.review))).toBe(true);
    const txs = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${a.user.id}/transactions`, headers: ops })).json<
      Transaction[]
    >();
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({ status: 'paid', plan_name: 'pro', amount_paid: proOrder.amount, currency: 'INR', user_email: a.email });
    expect(txs[0]!.razorpay_payment_id).toMatch(/^pay_/);
    expect(txs[0]!.active_until).not.toBeNull();
    // Its tax invoice, which the operator downloads with the same basic credentials.
    expect(txs[0]!.invoice_number).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${encodeURIComponent(txs[0]!.invoice_number!)}`,
      headers: ops,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    const all = await t.app.inject({ method: 'GET', url: '/api/admin/transactions', headers: ops });
    const list = all.json<Transaction[]>();
    expect(Number(all.headers['x-total-count'])).toBe(list.length);
    expect(list.find((x) => x.user_email === b.email && x.package_name === 'Max')).toMatchObject({
      status: 'pending',
      invoice_number: null,
    });
    // One breakdown for the dashboard and the Token Purchases tab: the tab's total is the stats' total.
    expect(after.purchases.total - before.purchases.total).toBe(3);
    expect(after.purchases.paid - before.purchases.paid).toBe(2);
    expect(after.purchases.pending - before.purchases.pending).toBe(1);
    expect(after.purchases.paid).toBe(after.completed_transactions);
    expect(after.purchases.total).toBe(after.purchases.paid + after.purchases.failed + after.purchases.pending);
    expect(Number(all.headers['x-total-count'])).toBe(after.purchases.total);
  });

  it('list users newest first with server-side search by name or email, and paging', async () => {
    const m = await signUpAndLogin(t, { name: 'Rosalind Franklin' });
    const byName = (await t.app.inject({ method: 'GET', url: '/api/admin/users?q=rosalind', headers: ops })).json<AdminUser[]>();
    expect(byName.map((u) => u.id)).toEqual([m.user.id]);
    expect(byName[0]).toMatchObject({ plan_name: 'Free', subscription_status: 'free', available_tokens: 2500, reports_generated: 0 });
    const byEmail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(m.email.toUpperCase())}`, headers: ops })
    ).json<AdminUser[]>();
    expect(byEmail).toHaveLength(1);
    // LIKE's wildcard is a character like any other: no name holds "ros%".
    const wildcard = (await t.app.inject({ method: 'GET', url: '/api/admin/users?q=ros%25', headers: ops })).json<AdminUser[]>();
    expect(wildcard).toHaveLength(0);
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/users?page=1&limit=2', headers: ops });
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect(page.json<AdminUser[]>()[0]!.id).toBe(m.user.id);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users/00000000-0000-0000-0000-000000000000/reports',
      headers: ops,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('walk members and purchases by cursor without skipping or repeating one while new ones arrive', async () => {
    // Ties on the timestamp (to the microsecond) are ordered by id, across page boundaries too.
    await t.db.query(`INSERT INTO users (name, email, password_hash, is_verified, created_at)
      SELECT 'Tied Member', 'tied' || i || '@keyset.example', 'scrypt$x', true, '2024-01-01T00:00:00.000001Z' FROM generate_series(1, 5) i`);
    await t.db
      .query(`INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
        provider, receipt, razorpay_order_id, created_at)
      SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), u.id, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_keyset_' || u.email, u.created_at
        FROM users u WHERE u.email LIKE 'tied%@keyset.example'`);
    // A search walks its matches the same way (they are gathered first, then ordered).
    for (const [url, table, where] of [
      ['/api/admin/users?limit=3', 'users', 'true'],
      ['/api/admin/users?limit=2&q=tied', 'users', `email LIKE 'tied%'`],
      ['/api/admin/transactions?limit=3', 'payments', 'true'],
    ] as const) {
      const expected = (
        await t.db.query<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC`)
      ).rows.map((r) => r.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await t.app.inject({ method: 'GET', url: `${url}${cursor ? `&cursor=${cursor}` : ''}`, headers: ops });
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...res.json<{ id: string }[]>().map((x) => x.id));
        cursor = res.headers['x-next-cursor'] as string | undefined;
        // A member joins (and orders) between pages: newer than the walk, so not part of it.
        await t.db.query(
          `WITH u AS (INSERT INTO users (name, email, password_hash) VALUES ('Newcomer', $1, 'scrypt$x') RETURNING id)
          INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency, provider, receipt, razorpay_order_id)
          SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), id, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_' || gen_random_uuid() FROM u`,
          [`new-${randomUUID()}@keyset.example`],
        );
      } while (cursor);
      expect(seen, url).toEqual(expected);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?cursor=${Buffer.from('2024-01-01|x').toString('base64url')}`,
      headers: ops,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(MSG.invalidCursor);
  });

  it('keep the stats equal to a recount through inserts, updates, deletes, rollbacks and concurrent writers', async () => {
    const recount = async (): Promise<Partial<AdminStats>> => {
      const r = await t.db.query<{ u: number; r: number; p: number; total: number; failed: number; pending: number }>(
        `SELECT (SELECT count(*)::int FROM users) AS u, (SELECT count(*)::int FROM reports) AS r,
                (SELECT count(*)::int FROM payments WHERE status = 'paid') AS p,
                (SELECT count(*)::int FROM payments) AS total, (SELECT count(*)::int FROM payments WHERE status = 'failed') AS failed,
                (SELECT count(*)::int FROM payments WHERE status = 'created') AS pending`,
      );
      const rev = await t.db.query<{
        currency: string;
        amount_minor: number;
        gross_minor: number;
        refunded_minor: number;
        tax_minor: number;
      }>(
        `SELECT p.currency, p.gross - coalesce(cn.total, 0) AS amount_minor, p.gross AS gross_minor, coalesce(cn.total, 0)::int8 AS refunded_minor,
                p.tax - coalesce(cn.tax, 0) AS tax_minor
           FROM (SELECT currency, sum(amount)::int8 AS gross, sum(gst_minor)::int8 AS tax FROM payments WHERE status = 'paid' GROUP BY currency) p
           LEFT JOIN (SELECT currency, sum(total_minor)::int8 AS total, sum(cgst_minor + sgst_minor + igst_minor)::int8 AS tax FROM credit_notes GROUP BY currency) cn
             ON cn.currency = p.currency
          ORDER BY p.currency`,
      );
      const refunds = (
        await t.db.query<{ full: number; part: number }>(
          `SELECT count(*) FILTER (WHERE total_minor >= amount_paid_minor)::int AS full, count(*) FILTER (WHERE total_minor < amount_paid_minor)::int AS part FROM credit_notes`,
        )
      ).rows[0]!;
      const x = r.rows[0]!;
      return {
        total_users: x.u,
        total_reports: x.r,
        completed_transactions: x.p,
        revenue_by_currency: rev.rows,
        purchases: {
          total: x.total,
          paid: x.p,
          failed: x.failed,
          pending: x.pending,
          refunded: refunds.full,
          partially_refunded: refunds.part,
        },
      };
    };
    const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: ops })).json<AdminStats>();
    const order = (
      n: number,
      currency: string,
    ) => `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor,
        amount, currency, provider, receipt, razorpay_order_id)
      SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), NULL, 'pro', 'Pro', 30000, 1000 + i, 0, 1000 + i, '${currency}', 'sandbox', 'r', 'order_stats_' || gen_random_uuid()
        FROM generate_series(1, ${n}) i`;
    const member = (tag: string) =>
      t.db.query(`INSERT INTO users (name, email, password_hash) VALUES ('Counted Member', $1, 'scrypt$x')`, [`${tag}@stats.example`]);

    await t.db.query(order(6, 'EUR'));
    await t.db.query(`UPDATE payments SET status = 'paid', paid_at = now(), razorpay_payment_id = 'pay_' || id
      WHERE razorpay_order_id LIKE 'order_stats_%' AND amount <= 1004`);
    await t.db.query(
      `UPDATE payments SET amount = amount + 1, price_minor = price_minor + 1 WHERE razorpay_order_id LIKE 'order_stats_%' AND amount = 1001`,
    );
    await t.db.query(
      `UPDATE payments SET status = 'failed', paid_at = NULL, failed_at = now() WHERE razorpay_order_id LIKE 'order_stats_%' AND amount = 1004`,
    );
    await t.db.query(`DELETE FROM payments WHERE razorpay_order_id LIKE 'order_stats_%' AND amount = 1003`);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO users (name, email, password_hash) VALUES ('Rolled Back', 'rollback@stats.example', 'scrypt$x')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // Writers at the same time (real concurrency on PostgreSQL), then some members leave with their reports.
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => member(`concurrent-${i}`)),
      ...Array.from({ length: 4 }, () => t.db.query(order(2, 'GBP'))),
      t.db.query(
        `UPDATE payments SET status = 'paid', paid_at = now(), razorpay_payment_id = 'pay_' || id WHERE razorpay_order_id LIKE 'order_stats_%' AND status = 'created'`,
      ),
    ]);
    const leaver = await signUpAndLogin(t);
    await reportCompleted(leaver);
    await t.db.query('DELETE FROM users WHERE id = $1', [leaver.user.id]);
    await t.db.query(`DELETE FROM users WHERE email LIKE 'concurrent-1%@stats.example'`);

    const got = await stats();
    expect({
      total_users: got.total_users,
      total_reports: got.total_reports,
      completed_transactions: got.completed_transactions,
      revenue_by_currency: got.revenue_by_currency,
      purchases: got.purchases,
    }).toEqual(await recount());
  });

  it('answer every purchases page by offset as SQL orders them, from either end of the list', async () => {
    // Ties on the timestamp, so the oldest-end walk has to break them by id the same way.
    await t.db
      .query(`INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
        provider, receipt, razorpay_order_id, created_at)
      SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), NULL, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_offset_' || i,
             '2023-06-01T00:00:00.000001Z'::timestamptz + (i / 3) * interval '1 second' FROM generate_series(1, 11) i`);
    const expected = (await t.db.query<{ id: string }>('SELECT id FROM payments ORDER BY created_at DESC, id DESC')).rows.map((r) => r.id);
    const limit = 4;
    const pages = Math.ceil(expected.length / limit);
    const seen: string[] = [];
    for (let page = 1; page <= pages + 1; page++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/transactions?page=${page}&limit=${limit}`, headers: ops });
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json<Transaction[]>().map((x) => x.id);
      expect(ids, `page ${page}`).toEqual(expected.slice((page - 1) * limit, page * limit));
      // More follow exactly when this is not the last page.
      expect(res.headers['x-next-cursor'] !== undefined, `page ${page}`).toBe(page < pages);
      expect(Number(res.headers['x-total-count'])).toBe(expected.length);
      seen.push(...ids);
    }
    expect(seen).toEqual(expected);
    // The cursor a deep page hands out continues where that page ended.
    const deep = await t.app.inject({ method: 'GET', url: `/api/admin/transactions?page=${pages - 1}&limit=${limit}`, headers: ops });
    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/admin/transactions?limit=${limit}&cursor=${deep.headers['x-next-cursor']}`,
      headers: ops,
    });
    expect(rest.json<Transaction[]>().map((x) => x.id)).toEqual(expected.slice((pages - 1) * limit));
    await t.db.query(`DELETE FROM payments WHERE razorpay_order_id LIKE 'order_offset_%'`);
  });

  it('count a member search once, exactly up to the cap and capped beyond, and page it the same either way', async () => {
    await t.db.query(`INSERT INTO users (name, email, password_hash, is_verified, created_at)
      SELECT 'Bulk Person ' || i, 'bulk' || i || '@capped.example', 'scrypt$x', true, '2022-01-01T00:00:00Z'::timestamptz + (i / 2) * interval '1 second'
        FROM generate_series(1, ${COUNT_CAP + 5}) i`);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: ops });
    const truth = async (where: string) =>
      (await t.db.query<{ id: string }>(`SELECT id FROM users WHERE ${where} ORDER BY created_at DESC, id DESC`)).rows.map((r) => r.id);

    // Five more than the cap match: the total is capped and labelled; the page is still the newest matches.
    const all = await truth(`email LIKE '%capped.example'`);
    const capped = await get('/api/admin/users?q=capped.example&limit=7&page=3');
    expect(capped.headers['x-total-count']).toBe(String(COUNT_CAP));
    expect(capped.headers['x-total-count-capped']).toBe('true');
    expect(capped.json<AdminUser[]>().map((u) => u.id)).toEqual(all.slice(14, 21));
    const next = await get(`/api/admin/users?q=capped.example&limit=7&cursor=${capped.headers['x-next-cursor']}`);
    expect(next.json<AdminUser[]>().map((u) => u.id)).toEqual(all.slice(21, 28));

    // 117 match (bulk1, bulk10…, bulk100…, bulk1000…): an exact total, the same order.
    const some = await truth(`email LIKE 'bulk1%'`);
    const exact = await get('/api/admin/users?q=BULK1&limit=5&page=2');
    expect(exact.headers['x-total-count']).toBe(String(some.length));
    expect(exact.headers['x-total-count-capped']).toBeUndefined();
    expect(exact.json<AdminUser[]>().map((u) => u.id)).toEqual(some.slice(5, 10));
    // A page past the end is empty and still carries the total.
    const past = await get('/api/admin/users?q=bulk1&limit=5&page=1000');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(some.length));
    // No match at all.
    const none = await get('/api/admin/users?q=nobody-is-called-this');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');

    // Several words: the indexes look up the rarest (every name here holds "person"), and the
    // whole text decides, in its order, across word breaks.
    await t.db.query('ANALYZE users');
    expect(await rarestWord(t.db, 'users', 'FROM users u WHERE lower(u.name) LIKE $1 OR u.email LIKE $1', 'Person 1003')).toBe('1003');
    const words = await truth(`lower(name) LIKE '%person 100%'`);
    expect(words.length).toBe(7);
    const found = await get('/api/admin/users?q=Person%20100&limit=100');
    expect(found.json<AdminUser[]>().map((u) => u.id)).toEqual(words);
    expect(found.headers['x-total-count']).toBe('7');
    expect((await get('/api/admin/users?q=100%20person')).json()).toEqual([]);
    const email = await get(`/api/admin/users?q=${encodeURIComponent('bulk12@capped')}`);
    expect(email.json<AdminUser[]>().map((u) => u.email)).toEqual(['bulk12@capped.example']);
    await t.db.query(`DELETE FROM users WHERE email LIKE '%@capped.example'`);
  });

  it('look a search up by its rarest word only where the planner has statistics to tell', async () => {
    await t.db.query(`CREATE TABLE search_probe AS SELECT 'common ' || i AS name FROM generate_series(1, 2000) i`);
    const lookUp = (text: string) => rarestWord(t.db, 'search_probe', 'FROM search_probe u WHERE u.name LIKE $1', text);
    // Never analysed (the embedded database has no autovacuum): the planner would rank the
    // patterns by length and pick "common", so the whole text is looked up.
    expect(await lookUp('common 1999')).toBe('common 1999');
    await t.db.query('ANALYZE search_probe');
    expect(await lookUp('common 1999')).toBe('1999');
    expect(await lookUp('1999')).toBe('1999');
    await t.db.query('DROP TABLE search_probe');
  });

  it('page a member’s reports on the card: the newest 50, then by cursor, at most 500 at a time', async () => {
    const m = await signUpAndLogin(t);
    // Failed ones, so no sweep picks them up meanwhile.
    await t.db.query(
      `INSERT INTO reports (id, user_id, title, idea, complexity, status, stage, error_message, tokens_used, hold_id, sections_total, created_at)
      SELECT gen_random_uuid(), $1, 'Card report ' || i, repeat('An idea long enough to be a valid report idea. ', 2), 'basic', 'failed', 'failed', 'bench', 10,
             gen_random_uuid(), 15, '2024-03-01T00:00:00Z'::timestamptz + (i / 4) * interval '1 minute'
        FROM generate_series(1, 61) i`,
      [m.user.id],
    );
    const expected = (
      await t.db.query<{ id: string }>('SELECT id FROM reports WHERE user_id = $1 ORDER BY created_at DESC, id DESC', [m.user.id])
    ).rows.map((r) => r.id);
    const url = `/api/admin/users/${m.user.id}/reports`;
    const first = await t.app.inject({ method: 'GET', url, headers: ops });
    expect(first.json<AdminReport[]>().map((r) => r.id)).toEqual(expected.slice(0, 50));
    // A failed report says why, as the member was told.
    expect(first.json<AdminReport[]>()[0]).toMatchObject({ status: 'failed', error_message: 'bench', file_url: null });
    const rest = await t.app.inject({ method: 'GET', url: `${url}?cursor=${first.headers['x-next-cursor']}`, headers: ops });
    expect(rest.json<AdminReport[]>().map((r) => r.id)).toEqual(expected.slice(50));
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `${url}?limit=500`, headers: ops })).json()).toHaveLength(61);
    const tooMany = await t.app.inject({ method: 'GET', url: `${url}?limit=501`, headers: ops });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBeTruthy();
  });
});
