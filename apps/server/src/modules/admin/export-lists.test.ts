import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Queryable } from '../../db/client.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { EXPORT_PAGE_ROWS, exportTransactions, exportUsers } from './export-lists.ts';
import { OPERATOR_PASSWORD, ops } from './test-support.ts';

/** Issue 32 item 1: the Users and Transactions Excel exports stream from the server (decision 183). */
let t: TestApp;
const ROWS = 1234;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: OPERATOR_PASSWORD });
  await ensureFirstOperator(t.deps);
  // Ties on the timestamp (three rows a second), so the keyset walk has to break them by id.
  await t.db.query(`INSERT INTO users (name, email, password_hash, is_verified, created_at)
    SELECT 'Sheet Person ' || i || CASE WHEN i = 7 THEN ' <&> "quoted" ' || chr(1) ELSE '' END, 'sheet' || i || '@sheets.example', 'scrypt$x', true,
           '2021-03-01T00:00:00.000001Z'::timestamptz + (i / 3) * interval '1 second' FROM generate_series(1, ${ROWS}) i`);
  await t.db
    .query(`INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
      provider, receipt, razorpay_order_id, created_at)
    SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), u.id, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_sheet_' || u.email, u.created_at
      FROM users u WHERE u.email LIKE 'sheet%@sheets.example'`);
});
afterAll(() => t.close());

/** The entries of a zip, by name. */
function unzip(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, file) => {
      if (err) return reject(err);
      const entries = new Map<string, string>();
      file.on('error', reject).on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, async (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          for await (const c of stream) parts.push(c as Buffer);
          entries.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
          file.readEntry();
        });
      });
      file.readEntry();
    });
  });
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The sheet's rows as cell values by column letter (inline strings, numbers and booleans). */
function readRows(sheetXml: string): Record<string, string | number | boolean>[] {
  return [...sheetXml.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map(([, , cells]) => {
    const row: Record<string, string | number | boolean> = {};
    for (const [, ref, type, body] of cells!.matchAll(/<c r="([A-Z]+)\d+"(?: s="\d+")?(?: t="(\w+)")?>(.*?)<\/c>/g)) {
      const col = ref!;
      if (type === 'inlineStr') row[col] = unescape(/<t xml:space="preserve">(.*)<\/t>/.exec(body!)![1]!);
      else if (type === 'b') row[col] = body === '<v>1</v>';
      else row[col] = Number(/<v>(.*)<\/v>/.exec(body!)![1]);
    }
    return row;
  });
}

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: ops, payloadAsStream: true });
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
  return { res, chunks, body: Buffer.concat(chunks) };
}

const lastAudit = async (action: string) =>
  (
    await t.db.query<{ details: { count: number; complete: boolean; filter: Record<string, string> } }>(
      `SELECT details FROM operator_audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1`,
      [action],
    )
  ).rows[0]?.details;

/** A database that remembers how many rows each statement answered. */
function countingRows(db: Queryable) {
  const rows: number[] = [];
  const q: Queryable = {
    query: async (text, params) => {
      const r = await db.query(text, params);
      rows.push(r.rows.length);
      return r;
    },
  } as Queryable;
  return { q, rows };
}

describe('the Users export', () => {
  it('streams every member as an .xlsx, newest first, in several writes, and records the count when it ends', async () => {
    const { res, chunks, body } = await download('/api/admin/users/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    // Streamed: no length known up front, the body arrives as it is written.
    expect(res.headers['content-length']).toBeUndefined();
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(body.length / 2);

    const files = await unzip(body);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="Users"');
    const rows = readRows(files.get('xl/worksheets/sheet1.xml')!);
    expect(Object.values(rows[0]!)).toEqual([
      'Member ID',
      'Name',
      'Email',
      'Phone',
      'Plan',
      'Subscription Status',
      'Reports Generated',
      'Available Tokens',
      'Verified',
      'Joined (UTC)',
      'Last Login (UTC)',
    ]);
    const expected = (await t.db.query<{ id: string }>('SELECT id FROM users ORDER BY created_at DESC, id DESC')).rows.map((r) => r.id);
    expect(expected.length).toBeGreaterThan(2 * EXPORT_PAGE_ROWS);
    expect(rows.slice(1).map((r) => r.A)).toEqual(expected);
    // Markup in a name is text, and a control character XML cannot hold is dropped.
    const seven = rows.find((r) => r.C === 'sheet7@sheets.example')!;
    expect(seven).toMatchObject({ B: 'Sheet Person 7 <&> "quoted" ', E: 'Free', G: 0, I: 'Yes', K: 'Never' });
    expect(seven.J).toMatch(/^2021-03-01T00:00:02\.000001Z$|^2021-03-01T00:00:02(\.\d{3})?Z$/);
    expect(await lastAudit('users.export')).toEqual({ count: expected.length, complete: true, filter: {} });
  });

  it('reads a page at a time: no statement answers more than a page, however many members', async () => {
    const { q, rows } = countingRows(t.db);
    let done: { count: number; complete: boolean } | undefined;
    const out = exportUsers(q, undefined, async (count, complete) => {
      done = { count, complete };
    });
    for await (const _ of out) {
      /* drain */
    }
    expect(done).toEqual({ count: await userCount(), complete: true });
    expect(Math.max(...rows)).toBeLessThanOrEqual(EXPORT_PAGE_ROWS + 1);
    expect(rows.filter((n) => n > EXPORT_PAGE_ROWS / 2).length).toBeGreaterThanOrEqual(2);
  });

  it('with a search, exports only its matches and says so in the record', async () => {
    const { body } = await download('/api/admin/users/export?q=sheet1234');
    const rows = readRows((await unzip(body)).get('xl/worksheets/sheet1.xml')!);
    expect(rows.slice(1).map((r) => r.C)).toEqual(['sheet1234@sheets.example']);
    expect(await lastAudit('users.export')).toEqual({ count: 1, complete: true, filter: { q: 'sheet1234' } });
  });

  it('refuses a stranger and a search too short to use an index', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/export' })).statusCode).toBe(401);
    const short = await t.app.inject({ method: 'GET', url: '/api/admin/users/export?q=ab', headers: ops });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toBeTruthy();
  });

  it('stops reading when the download is abandoned, and records it as incomplete', async () => {
    const { q, rows } = countingRows(t.db);
    const finished = new Promise<{ count: number; complete: boolean }>((resolve) => {
      const out = exportUsers(q, undefined, async (count, complete) => resolve({ count, complete }));
      out.once('data', () => out.destroy());
    });
    const done = await finished;
    expect(done.complete).toBe(false);
    expect(done.count).toBeLessThan(ROWS);
    expect(rows.length).toBeLessThan(Math.ceil(ROWS / EXPORT_PAGE_ROWS) + 1);
  });
});

const userCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;

describe('the Transactions export', () => {
  it('streams every purchase with its figures, newest first, and records the count', async () => {
    const { res, chunks, body } = await download('/api/admin/transactions/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const rows = readRows((await unzip(body)).get('xl/worksheets/sheet1.xml')!);
    expect(rows[0]).toMatchObject({ A: 'Member ID', B: 'User', G: 'Amount', M: 'Status', S: 'Invoice' });
    const expected = (
      await t.db.query<{ order: string }>('SELECT razorpay_order_id AS order FROM payments ORDER BY created_at DESC, id DESC')
    ).rows;
    expect(rows.slice(1).map((r) => r.R)).toEqual(expected.map((r) => r.order));
    // Money as the amount (minor units / 100), a state as its label, no payment id as N/A.
    expect(rows[1]).toMatchObject({ E: 'Starter', F: 10000, G: 49, H: 0, K: 49, L: 'USD', M: 'Pending', N: 'No', Q: 'N/A' });
    expect(await lastAudit('transactions.export')).toEqual({ count: expected.length, complete: true, filter: {} });
  });

  it('applies the filters and writes them to the record', async () => {
    const { body } = await download('/api/admin/transactions/export?q=sheet12%40&status=pending&from=2021-03-01&to=2021-03-01&tz=UTC');
    const rows = readRows((await unzip(body)).get('xl/worksheets/sheet1.xml')!);
    expect(
      rows
        .slice(1)
        .map((r) => r.C)
        .sort(),
    ).toEqual(['sheet12@sheets.example']);
    expect(await lastAudit('transactions.export')).toEqual({
      count: 1,
      complete: true,
      filter: { q: 'sheet12@', status: 'pending', from: '2021-03-01', to: '2021-03-01', tz: 'UTC' },
    });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/transactions/export?status=stolen', headers: ops });
    expect(bad.statusCode).toBe(422);
  });

  it('reads a page at a time', async () => {
    const { q, rows } = countingRows(t.db);
    const out = exportTransactions(q, {}, async () => {});
    for await (const _ of out) {
      /* drain */
    }
    expect(Math.max(...rows)).toBeLessThanOrEqual(EXPORT_PAGE_ROWS + 1);
  });
});
