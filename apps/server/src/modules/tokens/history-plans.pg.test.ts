import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements, type Sent } from '../../../test/plans.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { listTokenHistory } from './list-token-history.ts';

/*
 * Issue 32 on PostgreSQL with enough rows that the planner chooses for itself (decision 189, in
 * the style of 186's search plans): a member's billing history costs its page, not the member's
 * history. A heavy member has thousands of ledger entries (one captured hold per report, some
 * holds over two lots, operator deductions over two lots) among 20,000 members with a few each;
 * the first and a deep page are read with the planner left to choose, and every node of the plan
 * must touch at most a few times the page's rows, with no sequential scan of a big table. The
 * statement the history used before (every entry of the member grouped, then sorted) fails the
 * same check, so the check can fail.
 */
let t: TestApp;
const MEMBERS = 20_000;
const HEAVY_HOLDS = 4_000;
const DEDUCTIONS = 50;
const LIMIT = 20;
let heavy: string;
let light: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(`INSERT INTO users (name, email, password_hash, is_verified, created_at)
    SELECT 'Member ' || i, 'member' || i || '@mail.example', 'scrypt$x', true, '2025-01-01'::timestamptz + i * interval '20 minutes'
      FROM generate_series(1, ${MEMBERS}) i`);
  heavy = (
    await t.db.query<{ id: string }>(`INSERT INTO users (name, email, password_hash, is_verified, created_at)
    VALUES ('Heavy Member', 'heavy@mail.example', 'scrypt$x', true, '2025-01-01') RETURNING id`)
  ).rows[0]!.id;
  // Everyone's signup bonus, credited through the ledger (a lot starts empty).
  await t.db.query(`INSERT INTO token_lots (user_id, kind, source, tokens, expires_at, created_at)
    SELECT id, 'promo', 'signup_bonus', 2500, now() + interval '300 days', created_at FROM users`);
  await t.db.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount, created_at)
    SELECT user_id, id, 'grant', tokens, created_at FROM token_lots`);
  // Purchases enough that reading them all is not the planner's choice (one a member, unpaid).
  await t.db
    .query(`INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount,
      currency, provider, receipt, status, razorpay_order_id, created_at)
    SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), id, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'razorpay', 'rcpt_' || email,
           'created', 'order_' || email, created_at FROM users`);
  // The heavy member bought a large pack long ago, then spent it report by report.
  await t.db.query(
    `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount,
      currency, provider, receipt, status, razorpay_order_id, razorpay_payment_id, created_at, paid_at)
    SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), $1, k.id, k.name, 100000, k.price_usd_cents, 0, k.price_usd_cents, 'USD', 'razorpay', 'rcpt_heavy',
           'paid', 'order_heavy', 'pay_heavy', '2025-01-02', '2025-01-02' FROM token_packages k WHERE k.id = 'max'`,
    [heavy],
  );
  await t.db.query(
    `INSERT INTO token_lots (user_id, kind, source, tokens, expires_at, payment_id, created_at)
    SELECT user_id, 'paid', 'purchase', tokens, now() + interval '300 days', id, paid_at FROM payments WHERE user_id = $1 AND status = 'paid'`,
    [heavy],
  );
  await t.db.query(
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, payment_id, created_at)
    SELECT user_id, id, 'purchase', tokens, payment_id, created_at FROM token_lots WHERE user_id = $1 AND source = 'purchase'`,
    [heavy],
  );
  await t.db.query(
    `INSERT INTO reports (id, user_id, title, idea, complexity, status, stage, tokens_used, hold_id, sections_total, pdf_key, created_at, updated_at, completed_at)
    SELECT gen_random_uuid(), $1, 'Heavy report ' || i, 'A membrane invention that improves desalination in coastal plants, disclosure ' || i,
           'basic', 'completed', 'done', 10, gen_random_uuid(), 15, 'reports/' || i || '.pdf',
           '2025-01-03'::timestamptz + i * interval '1 hour', '2025-01-03'::timestamptz + i * interval '1 hour', '2025-01-03'::timestamptz + i * interval '1 hour'
      FROM generate_series(1, ${HEAVY_HOLDS}) i`,
    [heavy],
  );
  await t.db.query(
    `INSERT INTO token_holds (id, user_id, report_id, amount, state, created_at, resolved_at)
    SELECT hold_id, user_id, id::text, tokens_used, 'captured', created_at, completed_at FROM reports WHERE user_id = $1`,
    [heavy],
  );
  // Each hold takes its 10 tokens from the purchase; every 13th takes 5 from each lot: one event, two rows.
  await t.db.query(
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, hold_id, created_at)
    SELECT h.user_id, l.id, 'hold', CASE WHEN n % 13 = 0 THEN -5 ELSE -h.amount END, h.id, h.created_at
      FROM (SELECT h.*, row_number() OVER (ORDER BY created_at) AS n FROM token_holds h WHERE user_id = $1) h
      JOIN token_lots l ON l.user_id = h.user_id AND l.source = 'purchase'`,
    [heavy],
  );
  await t.db.query(
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, hold_id, created_at)
    SELECT h.user_id, l.id, 'hold', -5, h.id, h.created_at
      FROM (SELECT h.*, row_number() OVER (ORDER BY created_at) AS n FROM token_holds h WHERE user_id = $1) h
      JOIN token_lots l ON l.user_id = h.user_id AND l.source = 'signup_bonus'
     WHERE n % 13 = 0`,
    [heavy],
  );
  // Operator deductions over both lots, each one event with a note.
  await t.db.query(
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, note, created_at)
    SELECT $1, l.id, 'adjust_debit', -1, 'Duplicate report ' || i, '2025-01-03'::timestamptz + (${HEAVY_HOLDS} - 7 * i) * interval '1 hour' + interval '1 minute'
      FROM generate_series(1, ${DEDUCTIONS}) i CROSS JOIN token_lots l WHERE l.user_id = $1`,
    [heavy],
  );
  light = (await t.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'member777@mail.example'`)).rows[0]!.id;
  await t.db.query('VACUUM ANALYZE users, payments, reports, token_lots, token_holds, token_ledger');
}, 240_000);
afterAll(() => t.close());

/** The statement the history sent before decision 189: every entry of the member grouped, then sorted. */
const GROUPED_FIRST = `SELECT min(e.id)::int8 AS first_id, min(e.created_at) AS at, e.kind, sum(e.amount)::int8 AS amount, e.note,
            h.report_id, h.state AS hold_state, h.purpose, min(l.source) AS lot_source, min(p.package_name) AS package_name,
            min(r.title) AS title
       FROM token_ledger e
       JOIN token_lots l ON l.id = e.lot_id
       LEFT JOIN token_holds h ON h.id = e.hold_id AND h.user_id = e.user_id
       LEFT JOIN payments p ON p.id = e.payment_id
       LEFT JOIN reports r ON r.id::text = h.report_id AND r.user_id = e.user_id
      WHERE e.user_id = $1 AND ($2::int8 IS NULL OR e.id < $2::int8)
      GROUP BY e.kind, e.created_at, e.hold_id, e.note, h.report_id, h.state, h.purpose,
               CASE WHEN e.kind IN ('hold', 'release', 'adjust_debit') THEN NULL ELSE e.lot_id END
      ORDER BY first_id DESC
      LIMIT $3`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Every node of a statement's plan as run (EXPLAIN ANALYZE), the planner choosing. */
async function nodesOf(s: Sent): Promise<PlanNode[]> {
  const r = await t.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.params);
  const out: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    out.push(n);
    n.Plans?.forEach(walk);
  };
  walk(r.rows[0]!['QUERY PLAN'][0].Plan);
  return out;
}

const BIG = new Set(['token_ledger', 'token_lots', 'token_holds', 'payments', 'reports', 'users']);

/**
 * What makes a plan grow with the member's history or the tables: a sequential scan of a big
 * table, or any node that handles more rows (over all its loops) than a few times the page.
 */
function unbounded(nodes: PlanNode[], pageRows: number): string[] {
  const bound = 6 * pageRows;
  return nodes.flatMap((n) => {
    const rows = n['Actual Rows'] * n['Actual Loops'];
    const what = `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`;
    return [
      ...(n['Node Type'] === 'Seq Scan' && BIG.has(n['Relation Name'] ?? '') ? [`${what}`] : []),
      ...(rows > bound ? [`${what}: ${rows} rows (bound ${bound})`] : []),
    ];
  });
}

async function historyStatement(userId: string, cursor?: string) {
  const { result, sent } = await recordStatements(t.db, (db) =>
    listTokenHistory(db, userId, { limit: LIMIT, ...(cursor ? { cursor } : {}) }),
  );
  const entries = sent.filter((s) => /FROM token_ledger/.test(s.text));
  expect(entries).toHaveLength(1);
  return { result, statement: entries[0]! };
}

describe("a member's billing history at thousands of entries (PostgreSQL)", () => {
  it("answers the heavy member's pages as the grouped statement did, event by event", async () => {
    // The reference: every event of the member, as the old statement grouped them, newest first
    // by time (the rows here were written back-dated; in use, time and id order agree).
    const all = await t.db.query<{ first_id: string; amount: string; title: string | null }>(
      GROUPED_FIRST.replace('ORDER BY first_id DESC', 'ORDER BY at DESC, first_id DESC').replace('LIMIT $3', ''),
      [heavy, null],
    );
    expect(all.rows.length).toBe(1 + 1 + HEAVY_HOLDS + DEDUCTIONS);
    const seen: { id: string; amount: number; title: string | null }[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const { result } = await historyStatement(heavy, cursor);
      seen.push(...result.entries.map((e) => ({ id: e.id, amount: e.amount, title: e.report?.title ?? null })));
      cursor = result.next;
      expect(cursor).toBeDefined();
    }
    expect(seen).toEqual(all.rows.slice(0, 3 * LIMIT).map((r) => ({ id: String(r.first_id), amount: Number(r.amount), title: r.title })));
    // A hold over two lots is one entry of its whole amount; a deduction over two lots too.
    const twoRows = new Set(
      (
        await t.db.query<{ first_id: string }>(
          `SELECT min(id)::text AS first_id FROM token_ledger
      WHERE user_id = $1 GROUP BY created_at, kind, hold_id, note HAVING count(*) = 2`,
          [heavy],
        )
      ).rows.map((r) => r.first_id),
    );
    const spanning = seen.filter((e) => twoRows.has(e.id));
    expect(spanning.length).toBeGreaterThan(2);
    expect(new Set(spanning.map((e) => e.amount))).toEqual(new Set([-10, -2]));
  });

  it("reads a page of the heavy member's history without growing with it: first page, deep page, and a light member", async () => {
    const first = await historyStatement(heavy);
    const deep = await historyStatement(
      heavy,
      await (async () => {
        let c: string | undefined;
        for (let i = 0; i < 40; i++) c = (await listTokenHistory(t.db, heavy, { limit: 50, ...(c ? { cursor: c } : {}) })).next;
        return c;
      })(),
    );
    const lightPage = await historyStatement(light);
    expect(lightPage.result.entries.map((e) => e.kind)).toEqual(['signup_bonus']);
    for (const [label, s] of [
      ['first page', first.statement],
      ['page after 2,000 events', deep.statement],
      ['light member', lightPage.statement],
    ] as const) {
      const nodes = await nodesOf(s);
      expect(unbounded(nodes, LIMIT + 1), label).toEqual([]);
      // The walk is the member's index, newest first, never the ledger's primary key.
      expect(
        nodes.some((n) => n['Index Name'] === 'token_ledger_user_at_idx'),
        label,
      ).toBe(true);
      expect(
        nodes.some((n) => n['Index Name'] === 'token_ledger_pkey'),
        label,
      ).toBe(false);
    }
  });

  it('the statement it replaced fails the same check: it groups every entry of the member, then sorts', async () => {
    const nodes = await nodesOf({ text: GROUPED_FIRST, params: [heavy, null, LIMIT + 1] });
    const problems = unbounded(nodes, LIMIT + 1);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(/Aggregate|Sort|Seq Scan/);
  });
});
