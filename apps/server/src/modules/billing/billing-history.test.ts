import { randomUUID } from 'node:crypto';
import { LEDGER_LOTS_SHOWN, type LedgerEntry, type Purchase, type TokenLot } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { completedReport, IDEA } from '../../../test/reports.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { planOf, recordStatements } from '../../../test/plans.ts';
import { listTokenHistory, placeHold, releaseHold } from '../tokens/index.ts';
import { buyWithSandbox, invoiceOfOrder, invoiceUrl } from './billing.test-support.ts';
import { openOrder } from '../../../test/purchases.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.startWorker();
});
afterAll(() => t.close());

const get = (m: Member | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: m?.auth ?? {} });

interface Ledger {
  entries: LedgerEntry[];
  lots: TokenLot[];
}

/** Every page of a list, following X-Next-Cursor. */
async function allPages<T>(m: Member, path: string, limit: number, pick: (body: never) => T[]): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await get(m, `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    items.push(...pick(res.json() as never));
    cursor = res.headers['x-next-cursor'] as string | undefined;
    pages++;
  } while (cursor && pages < 50);
  return { items, pages };
}

async function holdAndRelease(userId: string, amount: number, reportId = randomUUID()) {
  await t.db.transaction(async (tx) => releaseHold(tx, await placeHold(tx, { userId, amount, reportId })));
}

describe('GET /billing/purchases and /billing/ledger', () => {
  let a: Member;
  let b: Member;
  let paidOrder: string;
  let reportTitle: string;
  beforeAll(async () => {
    a = await signUpAndLogin(t);
    b = await signUpAndLogin(t);
    paidOrder = await buyWithSandbox(t, a, 'starter');
    // An order opened and never paid: pending, no invoice, no lot.
    const open = await openOrder(t, a.auth, 'pro');
    expect(open.statusCode).toBe(200);
    // 3000 tokens held across two lots (the 2500 bonus, then 500 of the purchase), then given back.
    await holdAndRelease(a.user.id, 3000);
    reportTitle = (await completedReport(t, a)).title;
  });

  it('refuses anonymous callers', async () => {
    expect((await get(undefined, '/api/billing/purchases')).statusCode).toBe(401);
    expect((await get(undefined, '/api/billing/ledger')).statusCode).toBe(401);
  });

  it("lists the member's purchases newest first with tax, total, status, invoice number and the lot", async () => {
    const res = await get(a, '/api/billing/purchases');
    expect(res.statusCode).toBe(200);
    const { purchases } = res.json<{ purchases: Purchase[] }>();
    expect(purchases.map((p) => [p.package_name, p.status])).toEqual([
      ['Pro', 'pending'],
      ['Starter', 'paid'],
    ]);
    const [pending, paid] = purchases as [Purchase, Purchase];
    expect(pending).toMatchObject({ invoice_number: null, lot: null, paid_at: null, tokens: 30000 });
    const invoice = (await invoiceOfOrder(t, paidOrder))!;
    expect(paid).toMatchObject({
      tokens: 10000,
      price_minor: 4900,
      tax_minor: 882,
      total_minor: 5782,
      currency: 'USD',
      invoice_number: invoice.invoice_number,
    });
    // The hold's 500 from this lot came back; the report took the bonus lot.
    expect(paid.lot).toMatchObject({ tokens: 10000, remaining: 10000 });
    expect(new Date(paid.lot!.expires_at).getTime()).toBeGreaterThan(Date.now());
    // The number is what the existing invoice download takes.
    const pdf = await get(a, invoiceUrl(paid.invoice_number!));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it("never shows another member's purchases, and their invoice is a 404 to them", async () => {
    const { purchases } = (await get(b, '/api/billing/purchases')).json<{ purchases: Purchase[] }>();
    expect(purchases).toEqual([]);
    const invoice = (await invoiceOfOrder(t, paidOrder))!;
    expect((await get(b, invoiceUrl(invoice.invoice_number))).statusCode).toBe(404);
  });

  it('pages purchases by cursor without repeating or skipping, and refuses a cursor that is not one', async () => {
    const { items, pages } = await allPages<Purchase>(a, '/api/billing/purchases', 1, (b: { purchases: Purchase[] }) => b.purchases);
    expect(pages).toBe(2);
    expect(items.map((p) => p.package_name)).toEqual(['Pro', 'Starter']);
    expect((await get(a, '/api/billing/purchases?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await get(a, '/api/billing/purchases?limit=0')).statusCode).toBe(422);
  });

  it('tells the token history in plain words, one entry per event, summing to the balance', async () => {
    const { entries, lots } = (await get(a, '/api/billing/ledger')).json<Ledger>();
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['spent', -2500],
      ['released', 3000],
      ['held', -3000],
      ['purchase', 10000],
      ['signup_bonus', 2500],
    ]);
    expect(entries.map((e) => e.description)).toEqual([
      `Spent on report “${reportTitle}”`,
      'Returned — a deleted report not delivered',
      'Held for a deleted report',
      'Purchased the Starter package',
      'Sign-up bonus',
    ]);
    expect(entries[0]!.report).toMatchObject({ title: reportTitle });
    const balance = (await get(a, '/api/tokens/balance')).json<{ available_tokens: number }>().available_tokens;
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(balance);
    const sum = await t.db.query<{ n: number }>('SELECT sum(amount)::int8 AS n FROM token_ledger WHERE user_id = $1', [a.user.id]);
    expect(Number(sum.rows[0]!.n)).toBe(balance);
    expect(lots.map((l) => [l.source, l.tokens, l.remaining, l.expired])).toEqual([
      ['purchase', 10000, 10000, false],
      ['signup_bonus', 2500, 0, false],
    ]);
  });

  it('pages the token history by cursor, newest first, with nothing repeated', async () => {
    const { entries } = (await get(a, '/api/billing/ledger')).json<Ledger>();
    const { items, pages } = await allPages<LedgerEntry>(a, '/api/billing/ledger', 2, (b: Ledger) => b.entries);
    expect(pages).toBe(3);
    expect(items).toEqual(entries);
    // A purchases cursor is not a ledger cursor.
    const purchasesCursor = (await get(a, '/api/billing/purchases?limit=1')).headers['x-next-cursor'] as string;
    expect((await get(a, `/api/billing/ledger?cursor=${purchasesCursor}`)).statusCode).toBe(400);
  });

  it("never names another member's report, even when a hold points at it", async () => {
    const secret = randomUUID();
    await t.db.query(
      `INSERT INTO reports (id, user_id, title, idea, complexity, tokens_used, hold_id, sections_total)
       VALUES ($1, $2, 'Secret plan of A', $3, 'basic', 1000, $4, 1)`,
      [secret, a.user.id, IDEA, randomUUID()],
    );
    await holdAndRelease(b.user.id, 1000, secret);
    const res = await get(b, '/api/billing/ledger');
    expect(res.body).not.toContain('Secret plan of A');
    const { entries } = res.json<Ledger>();
    expect(entries.map((e) => e.kind)).toEqual(['released', 'held', 'signup_bonus']);
    expect(entries[0]!.report).toEqual({ id: secret, title: null });
    // And nothing of A's own history.
    expect(entries.some((e) => e.kind === 'purchase' || e.kind === 'spent')).toBe(false);
  });
});

describe('GET /billing/ledger for a member with many lots', () => {
  let m: Member;
  beforeAll(async () => {
    m = await signUpAndLogin(t);
    // 60 old lots, a minute apart (spent: a lot starts empty and only the ledger fills it), 61 with the signup bonus.
    await t.db.query(
      `INSERT INTO token_lots (user_id, kind, source, tokens, remaining, expires_at, created_at)
       SELECT $1, 'promo', 'adjustment', 10, 0, now() + interval '30 days', now() - make_interval(mins => g)
         FROM generate_series(1, 60) g`,
      [m.user.id],
    );
  });

  it('carries the newest 50 lots, newest first, and says there are older ones', async () => {
    const res = await get(m, '/api/billing/ledger');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Ledger & { lots_more?: boolean };
    expect(body.lots).toHaveLength(LEDGER_LOTS_SHOWN);
    expect(body.lots_more).toBe(true);
    const times = body.lots.map((l) => l.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const all = await t.db.query<{ id: string }>(
      'SELECT id FROM token_lots WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
      [m.user.id, LEDGER_LOTS_SHOWN],
    );
    expect(body.lots.map((l) => l.id)).toEqual(all.rows.map((r) => r.id));
  });

  it('says there are no older lots when all are shown', async () => {
    const fresh = await signUpAndLogin(t);
    const body = (await get(fresh, '/api/billing/ledger')).json() as Ledger & { lots_more?: boolean };
    expect(body.lots).toHaveLength(1);
    expect(body.lots_more).toBe(false);
  });

  it("reads the member's lots through an index on user_id, not every member's", async () => {
    const { sent } = await recordStatements(t.db, (q) => listTokenHistory(q, m.user.id, { limit: 20 }));
    const lots = sent.find((s) => /FROM token_lots WHERE user_id/.test(s.text));
    expect(lots).toBeDefined();
    const plan = await planOf(t.db, lots!);
    expect(plan).toMatch(/Index Scan (using|on) token_lots_user_idx/);
    expect(plan).toMatch(/Index Cond: \(user_id = /);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
