import type { ReportList } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, recordStatements } from '../../../test/plans.ts';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { listReports } from './list-reports.ts';

/** Issue 27 §3: one member's search over all their reports, on the server, through indexes. */
let t: TestApp;
let a: Member;
let b: Member;
const ideaOf = (i: number, word: string) =>
  `Report ${i}: a device for ${word} monitoring in small water utilities, tested at pilot scale in the field.`;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpAndLogin(t);
  b = await signUpAndLogin(t);
  // 1,000 reports for A (every 100th about zeolite, in its record only for every 200th), 9,000 for
  // B (all about zeolite): as on a real server, her reports are a small part of the table.
  const insert = (userId: string, count: number, word: (i: number) => string, recordName: (i: number) => string | null) =>
    t.db.query(
      `INSERT INTO reports (id, user_id, title, idea, complexity, status, stage, tokens_used, hold_id, sections_total, created_at, record, error_message)
       SELECT gen_random_uuid(), $1, 'Title ' || lpad(i::text, 4, '0'), ($2::text[])[i], (ARRAY['basic','advanced','comprehensive'])[1 + i % 3],
              'failed', 'failed', 2500, gen_random_uuid(), 15, timestamptz '2026-01-01' + make_interval(days => i % 300),
              CASE WHEN ($3::text[])[i] IS NULL THEN NULL ELSE jsonb_build_object('name', ($3::text[])[i]) END, 'Seeded'
         FROM generate_series(1, $4) i`,
      [
        userId,
        Array.from({ length: count }, (_, i) => ideaOf(i + 1, word(i + 1))),
        Array.from({ length: count }, (_, i) => recordName(i + 1)),
        count,
      ],
    );
  await insert(
    a.user.id,
    1000,
    (i) => (i % 100 === 0 && i % 200 !== 0 ? 'zeolite' : 'turbidity'),
    (i) => (i % 200 === 0 ? 'Zeolite filter cartridge' : null),
  );
  await insert(
    b.user.id,
    9000,
    () => 'zeolite',
    () => null,
  );
  await t.db.query('ANALYZE reports');
});
afterAll(() => t.close());

const list = async (m: Member, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/reports?${query}`, headers: m.auth });
  return res;
};

describe('GET /reports with q, sort, complexity, from and to', () => {
  it('finds a member’s reports by title, idea or record over all their pages, never another member’s', async () => {
    const res = await list(a, 'q=ZEOLITE&limit=50');
    expect(res.statusCode).toBe(200);
    const body = res.json<ReportList>();
    // 5 by the idea (100, 300, 500, 700, 900) and 5 by the record's name (200, 400, …, 1000).
    expect(body.total).toBe(10);
    expect(body.reports.map((r) => r.title).sort()).toEqual(
      [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000].map((i) => `Title ${String(i).padStart(4, '0')}`),
    );
    expect((await list(a, 'q=Title%200999')).json<ReportList>().total).toBe(1);
    expect((await list(b, 'q=turbidity')).json<ReportList>().total).toBe(0);
  });

  it('sorts, filters by tier and by days (to inclusive), and pages', async () => {
    const byTitle = (await list(a, 'sort=title&limit=3')).json<ReportList>();
    expect(byTitle.reports.map((r) => r.title)).toEqual(['Title 0001', 'Title 0002', 'Title 0003']);
    expect(byTitle.pages).toBe(334);
    const oldest = (await list(a, 'sort=oldest&limit=1')).json<ReportList>();
    expect(oldest.reports[0]!.created_at.slice(0, 10)).toBe('2026-01-01');
    const tier = (await list(a, 'complexity=advanced&limit=50')).json<ReportList>();
    expect(tier.total).toBe(334);
    expect(tier.reports.every((r) => r.complexity === 'advanced')).toBe(true);
    // Day 10 (2026-01-11) of each 300-day cycle: reports 10, 310, 610, 910.
    const day = (await list(a, 'from=2026-01-11&to=2026-01-11')).json<ReportList>();
    expect(day.total).toBe(4);
    const span = (await list(a, 'from=2026-01-11&to=2026-01-12&complexity=basic&q=turbidity')).json<ReportList>();
    expect(span.reports.every((r) => r.complexity === 'basic' && ['2026-01-11', '2026-01-12'].includes(r.created_at.slice(0, 10)))).toBe(
      true,
    );
  });

  it('refuses what it cannot answer through an index, or cannot read, with a clear detail (422)', async () => {
    for (const [query, detail] of [
      ['q=ab', 'Type at least 3 letters or digits in a row to search.'],
      ['sort=size', undefined],
      ['complexity=gold', undefined],
      ['from=2026-13-01', 'Use a date like 2025-07-18'],
      ['from=2026-02-01&to=2026-01-01', 'The start date must be before the end date'],
    ] as const) {
      const res = await list(a, query);
      expect(res.statusCode, query).toBe(422);
      if (detail) expect(res.json<{ detail: string }>().detail, query).toBe(detail);
    }
  });

  it('pages the same from either end: every page of each order, those past the middle read backwards from the far end', async () => {
    for (const sort of ['newest', 'oldest', 'title'] as const) {
      const truth = (await listReports(t.db, a.user.id, { page: 1, limit: 1000, sort })).reports.map((r) => r.id);
      expect(truth).toHaveLength(1000);
      const seen: string[] = [];
      for (let page = 1; page <= 15; page++) {
        const { sent, result } = await recordStatements(t.db, (q) => listReports(q, a.user.id, { page, limit: 70, sort }));
        seen.push(...result.reports.map((r) => r.id));
        // The page's statement skips at most half the list, whichever page it is (the last: none).
        const skipped = Number(sent.find((st) => st.text.includes('ORDER BY'))!.params.at(-1));
        expect(skipped, `${sort} page ${page}`).toBeLessThanOrEqual(500);
        if (page === 15) expect(skipped).toBe(0);
      }
      expect(seen, sort).toEqual(truth);
      expect((await listReports(t.db, a.user.id, { page: 16, limit: 70, sort })).reports).toEqual([]);
    }
  });

  it('answers a search over 1,000 reports through indexes: no sequential scan of reports', async () => {
    for (const filter of [
      { q: 'cartridge' },
      { q: 'zeolite' },
      { q: 'zeolite', sort: 'title' as const, complexity: 'basic' as const },
      { sort: 'title' as const },
      { complexity: 'comprehensive' as const, from: '2026-02-01', to: '2026-03-01' },
    ]) {
      const { sent } = await recordStatements(t.db, (q) => listReports(q, a.user.id, { page: 1, limit: 10, ...filter }));
      // A search is one statement (its page and total); a list without one counts, then pages.
      expect(sent).toHaveLength(filter.q ? 1 : 2);
      for (const s of sent) {
        const plan = await planOf(t.db, s);
        expect(plan, JSON.stringify(filter)).not.toMatch(/Seq Scan on reports/);
      }
      // A search reads only her reports: at 1,000 the planner may read them all by her newest-first
      // index, but the member's search index (migrations 240, 245) answers both conditions at once, as
      // it does for the heavy member's 5,000 in bench:scale. Without her other indexes (dropped in
      // a transaction that is rolled back), the search is looked up through it — on PostgreSQL and
      // on PGlite, which loads btree_gin for it too.
      if (filter.q === 'cartridge')
        for (const s of sent) {
          const plan = await planOf(t.db, s, {
            without: ['reports_user_created_idx', 'reports_user_title_idx', 'reports_user_complexity_idx'],
          });
          expect(plan).toMatch(/Bitmap Index Scan on reports_user_search_text_trgm_idx.*\n\s+Index Cond: \(\(user_id = .*search_text/);
        }
      // And as the planner chooses with its statistics of 10,000 reports, nothing priced out.
      const page = sent.find((st) => st.text.includes('ORDER BY'));
      const plain = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page!.text}`, page!.params);
      expect(plain.rows.map((r) => r['QUERY PLAN']).join('\n'), JSON.stringify(filter)).not.toMatch(/Seq Scan on reports/);
    }
  });
});
