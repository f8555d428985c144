import { MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, recordStatements, type Sent } from '../../../test/plans.ts';
import { COUNT_CAP, encodeCursor } from '../../lib/paging.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { listSubmissions } from '../contact/index.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { listTransactions } from './list-transactions.ts';
import { listUsers } from './list-users.ts';
import { OPERATOR_PASSWORD, ops } from './test-support.ts';

/** Issue 32: operator lists whose cost does not grow with the page number or the table (decision 180). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: OPERATOR_PASSWORD });
  await ensureFirstOperator(t.deps);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: ops });
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
/** The OFFSET a recorded page statement skipped: its last parameter. */
const skipped = (s: Sent) => Number(s.params[s.params.length - 1]);

describe('page numbers from the nearer end', () => {
  beforeAll(async () => {
    // Ties on the timestamp, so the oldest-end walk has to break them by id the same way.
    await t.db.query(`INSERT INTO users (name, email, password_hash, is_verified, created_at)
      SELECT 'Paged Person ' || i, 'paged' || i || '@pages.example', 'scrypt$x', true,
             '2021-03-01T00:00:00.000001Z'::timestamptz + (i / 3) * interval '1 second' FROM generate_series(1, 23) i`);
    await t.db.query(`INSERT INTO contact_submissions (name, phone, email, message, submitted_at)
      SELECT 'Sender ' || i, '+1 555 0100', 'sender' || i || '@pages.example', 'Message number ' || i,
             '2021-03-01T00:00:00.000001Z'::timestamptz + (i / 3) * interval '1 second' FROM generate_series(1, 23) i`);
  });

  const lists = [
    {
      name: 'users',
      truth: 'SELECT id FROM users ORDER BY created_at DESC, id DESC',
      page: (db: Parameters<typeof listUsers>[0], page: number, limit: number) =>
        listUsers(db, { page, limit }).then((r) => ({ ids: ids(r.users), total: r.total, next: r.next })),
      walk: (db: Parameters<typeof listUsers>[0], cursor: string | undefined, limit: number) =>
        listUsers(db, { cursor, limit }).then((r) => ({ ids: ids(r.users), next: r.next })),
    },
    {
      name: 'contact submissions',
      truth: 'SELECT id FROM contact_submissions ORDER BY submitted_at DESC, id DESC',
      page: (db: Parameters<typeof listUsers>[0], page: number, limit: number) =>
        listSubmissions(db, {}, { page, limit }).then((r) => ({ ids: ids(r.submissions), total: r.total, next: r.next })),
      walk: (db: Parameters<typeof listUsers>[0], cursor: string | undefined, limit: number) =>
        listSubmissions(db, {}, { cursor, limit }).then((r) => ({ ids: ids(r.submissions), next: r.next })),
    },
  ];

  for (const list of lists) {
    it(`answers every ${list.name} page by number as walking from the start does, the last one from the oldest end`, async () => {
      const expected = ids((await t.db.query<{ id: string }>(list.truth)).rows);
      const limit = 4;
      const pages = Math.ceil(expected.length / limit);
      // Walking from the start, by cursor.
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const r = await list.walk(t.db, cursor, limit);
        walked.push(...r.ids);
        cursor = r.next && encodeCursor(r.next);
      } while (cursor);
      expect(walked).toEqual(expected);

      for (let page = 1; page <= pages + 1; page++) {
        const { result, sent } = await recordStatements(t.db, (q) => list.page(q, page, limit));
        expect(result.ids, `page ${page}`).toEqual(walked.slice((page - 1) * limit, page * limit));
        expect(result.next !== undefined, `page ${page}`).toBe(page < pages);
        expect(result.total).toEqual({ n: expected.length, capped: false });
        // The page statement never skips more than half the list, whichever page is asked for.
        const pageStatement = sent.find((s) => /OFFSET/.test(s.text))!;
        expect(skipped(pageStatement), `page ${page}`).toBeLessThanOrEqual(expected.length / 2);
      }
      // The last page skips no more rows than the first.
      const last = await recordStatements(t.db, (q) => list.page(q, pages, limit));
      expect(skipped(last.sent.find((s) => /OFFSET/.test(s.text))!)).toBeLessThanOrEqual(limit);
    });
  }

  it('serves the last users page over HTTP with the same rows and total as the database', async () => {
    const expected = ids((await t.db.query<{ id: string }>(lists[0]!.truth)).rows);
    const limit = 5;
    const pages = Math.ceil(expected.length / limit);
    const res = await get(`/api/admin/users?page=${pages}&limit=${limit}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json())).toEqual(expected.slice((pages - 1) * limit));
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });
});

describe('operator searches', () => {
  it('find a purchase by its buyer as the buyer is now: by a new name once renamed, and not by name once the account is deleted', async () => {
    const buyer = (
      await t.db.query<{ id: string }>(
        `INSERT INTO users (name, email, password_hash, is_verified) VALUES ('Wilhelmina Quagmire', 'wq@renamed.example', 'scrypt$x', true) RETURNING id`,
      )
    ).rows[0]!.id;
    const payment = (
      await t.db.query<{ id: string }>(
        `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
           provider, receipt, razorpay_order_id)
         VALUES ('96', 'US', 'LUT-TEST', gen_random_uuid(), $1, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_renamed_1') RETURNING id`,
        [buyer],
      )
    ).rows[0]!.id;
    const found = async (q: string) => ids((await listTransactions(t.db, { q, page: 1, limit: 10 })).transactions);
    expect(await found('quagmire')).toEqual([payment]);
    expect(await found('wq@renamed')).toEqual([payment]);

    await t.db.query(`UPDATE users SET name = 'Wilhelmina Ostrander' WHERE id = $1`, [buyer]);
    expect(await found('quagmire')).toEqual([]);
    expect(await found('ostrander')).toEqual([payment]);

    // The purchase stays (its invoice is kept by law); the buyer's name and address leave the search.
    await t.db.query(`DELETE FROM users WHERE id = $1`, [buyer]);
    expect(await found('ostrander')).toEqual([]);
    expect(await found('renamed.example')).toEqual([]);
    expect(await found('order_renamed_1')).toEqual([payment]);
    await t.db.query(`DELETE FROM payments WHERE id = $1`, [payment]);
  });

  it('refuse a search without 3 letters or digits in a row, before any statement, with a clear detail', async () => {
    for (const url of ['/api/admin/users', '/api/admin/transactions', '/api/contact/submissions', '/api/contact/export']) {
      for (const q of ['ab', 'a b c', '%_%', 'x1']) {
        const res = await get(`${url}?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, `${url} ${q}`).toBe(422);
        expect(res.json()).toMatchObject({ detail: MSG.searchTooShort, errors: { q: MSG.searchTooShort } });
      }
      // Three in a row is a search; blank is no search.
      expect((await get(`${url}?q=abc`)).statusCode, url).toBe(200);
      expect((await get(`${url}?q=%20%20`)).statusCode, url).toBe(200);
    }
  });

  describe('with more matches than are counted', () => {
    beforeAll(async () => {
      await t.db
        .query(`INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
          provider, receipt, razorpay_order_id, created_at)
        SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), NULL, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_dense_' || i,
               '2022-01-01T00:00:00Z'::timestamptz + (i / 2) * interval '1 second' FROM generate_series(1, ${COUNT_CAP + 5}) i`);
      await t.db.query(`INSERT INTO contact_submissions (name, phone, email, message, submitted_at)
        SELECT 'Dense ' || i, '+1 555 0100', 'dense' || i || '@dense.example', 'About the quokka patent ' || i,
               '2022-01-01T00:00:00Z'::timestamptz + (i / 2) * interval '1 second' FROM generate_series(1, ${COUNT_CAP + 5}) i`);
    });

    const cases = [
      {
        name: 'purchases',
        index: 'payments_search_trgm_idx',
        truth: (like: string) => `SELECT id FROM payments WHERE razorpay_order_id LIKE '${like}' ORDER BY created_at DESC, id DESC`,
        list: (db: Parameters<typeof listUsers>[0], q: string, page: number, limit: number, cursor?: string) =>
          listTransactions(db, { q, page, limit, cursor }).then((r) => ({ ids: ids(r.transactions), total: r.total, next: r.next })),
        dense: ['order_dense_', '%order_dense_%'],
        sparse: ['dense_100', '%dense_100%'],
      },
      {
        name: 'contact submissions',
        index: 'contact_submissions_trgm_idx',
        truth: (like: string) => `SELECT id FROM contact_submissions WHERE message LIKE '${like}' ORDER BY submitted_at DESC, id DESC`,
        list: (db: Parameters<typeof listUsers>[0], q: string, page: number, limit: number, cursor?: string) =>
          listSubmissions(db, { q }, { page, limit, cursor }).then((r) => ({ ids: ids(r.submissions), total: r.total, next: r.next })),
        dense: ['quokka patent', '%quokka patent%'],
        sparse: ['quokka patent 100', '%quokka patent 100%'],
      },
    ] as const;

    for (const c of cases) {
      it(`look ${c.name} up in one statement, with the page and the total consistent, capped or exact`, async () => {
        // Over the cap: the total is capped, the page is still the newest matches, in one statement.
        const dense = ids((await t.db.query<{ id: string }>(c.truth(c.dense[1]))).rows);
        expect(dense.length).toBe(COUNT_CAP + 5);
        const capped = await recordStatements(t.db, (q) => c.list(q, c.dense[0], 3, 7));
        expect(capped.sent).toHaveLength(1);
        expect(capped.result.total).toEqual({ n: COUNT_CAP, capped: true });
        expect(capped.result.ids).toEqual(dense.slice(14, 21));
        // Its cursor continues where the page ended, still in one statement.
        const after = await recordStatements(t.db, (q) => c.list(q, c.dense[0], 1, 7, encodeCursor(capped.result.next!)));
        expect(after.sent).toHaveLength(1);
        expect(after.result.ids).toEqual(dense.slice(21, 28));

        // Under it: those numbered 100 and 1000–1005, exactly counted.
        const sparse = ids((await t.db.query<{ id: string }>(c.truth(c.sparse[1]))).rows);
        const exact = await recordStatements(t.db, (q) => c.list(q, c.sparse[0], 2, 5));
        expect(exact.sent).toHaveLength(1);
        expect(exact.result.total).toEqual({ n: sparse.length, capped: false });
        expect(exact.result.ids).toEqual(sparse.slice(5, 10));
        // Walking the matches by cursor gives them all, in order, once.
        const walked: string[] = [];
        let cursor: string | undefined;
        do {
          const r = await c.list(t.db, c.sparse[0], 1, 4, cursor);
          walked.push(...r.ids);
          cursor = r.next && encodeCursor(r.next);
        } while (cursor);
        expect(walked).toEqual(sparse);

        // No match: one statement, total 0. Past the end: empty, and the total still told.
        const none = await recordStatements(t.db, (q) => c.list(q, 'nothing-like-this', 1, 5));
        expect(none.sent).toHaveLength(1);
        expect(none.result).toEqual({ ids: [], total: { n: 0, capped: false }, next: undefined });
        expect(await c.list(t.db, c.sparse[0], 1000, 5)).toEqual({ ids: [], total: { n: sparse.length, capped: false }, next: undefined });

        // The search is found through its trigram index, not by reading the table.
        const plan = await planOf(t.db, exact.sent[0]!);
        expect(plan).toContain(`Bitmap Index Scan on ${c.index}`);
        expect(plan).not.toMatch(/Seq Scan on (payments|contact_submissions|users)/);
      });
    }

    it('looks members up through the trigram indexes, in one statement', async () => {
      const { sent } = await recordStatements(t.db, (q) => listUsers(q, { q: 'paged person 1', limit: 5 }));
      const page = sent.find((s) => /matches AS MATERIALIZED/.test(s.text))!;
      expect(sent.filter((s) => /FROM users/.test(s.text))).toHaveLength(1);
      const plan = await planOf(t.db, page);
      expect(plan).toMatch(/Bitmap Index Scan on users_(name|email)_trgm_idx/);
      expect(plan).not.toMatch(/Seq Scan on users/);
    });
  });
});
