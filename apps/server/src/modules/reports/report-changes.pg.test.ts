import type { LedgerEntry, RegenerateSectionResponse, Report, ReportVersions, VersionComparison } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { IDEA } from '../../../test/reports.ts';
import { adjustTokens } from '../tokens/index.ts';
import { processReport } from './process-report.ts';
import { createReportLeases } from './report-lease.ts';

/**
 * Issue 27 §1: "Correct what we understood" and "This section is wrong…", written by the offline
 * analyst (deterministic: every figure it writes comes from the plan), the worker driven by hand.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REPORT_CORRECTION_PERCENT: '20', SECTION_REWRITE_TOKENS: '150' });
});
afterAll(() => t.close());

const call = (m: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: m.auth, ...(payload ? { payload } : {}) });
const report = async (m: Member, id: string) => (await call(m, 'GET', `/api/reports/${id}`)).json<Report>();
const balance = async (m: Member) => (await call(m, 'GET', '/api/tokens/balance')).json<{ available_tokens: number }>().available_tokens;
let jobs = 0;
async function work(id: string) {
  const leases = createReportLeases(t.db, { ttlMs: 30_000, log: t.deps.log });
  try {
    await processReport(
      t.deps,
      { id: `job-${jobs++}`, data: { reportId: id }, retryCount: 0, retryLimit: 2 },
      { sectionConcurrency: 4, leases },
    );
  } finally {
    leases.stop();
  }
}
async function sections(id: string): Promise<Map<string, string>> {
  const r = await t.db.query<{ key: string; content: unknown }>('SELECT key, content FROM report_sections WHERE report_id = $1', [id]);
  return new Map(r.rows.map((s) => [s.key, JSON.stringify(s.content)]));
}
const states = (text: string, year: string) => new RegExp(`(?<![\\d.])${year}(?!\\d)`).test(text);

async function completedReport(m: Member, complexity: 'basic' | 'comprehensive' = 'basic', idea = IDEA) {
  await t.db.transaction((tx) => adjustTokens(tx, { userId: m.user.id, amount: 10_000, note: 'test funding' }));
  const started = await call(m, 'POST', '/api/reports/generate', { idea, complexity });
  const id = started.json<Report>().id;
  await work(id);
  expect(await report(m, id)).toMatchObject({ status: 'completed', version: 1 });
  return id;
}

describe('This section is wrong…', () => {
  it('rewrites the section with the note for 150 tokens, and a changed launch year reaches every section that states it', async () => {
    const m = await signUpAndLogin(t);
    const id = await completedReport(m, 'comprehensive');
    const before = await sections(id);
    // The year the plan gave as first revenue, and the sections that state it.
    const plan = (await t.db.query<{ outline: unknown }>('SELECT outline FROM reports WHERE id = $1', [id])).rows[0]!;
    expect(plan.outline).toBeTruthy();
    const stating = [...before].filter(([, text]) => /First revenue/i.test(text));
    expect(stating.length).toBeGreaterThan(0);
    const oldYear = /First revenue[^0-9]{0,40}(20\d\d)/i.exec(stating[0]![1])![1]!;
    const newYear = String(Number(oldYear) + 3);
    const withOld = [...before].filter(([, text]) => states(text, oldYear)).map(([k]) => k);
    expect(withOld.length).toBeGreaterThan(2);
    expect([...before.values()].some((text) => states(text, newYear))).toBe(false);
    const balanceBefore = await balance(m);

    const res = await call(m, 'POST', `/api/reports/${id}/sections/market_analysis/regenerate`, {
      note: `The market section is wrong: our first sales will be in ${newYear}, after the certification, not ${oldYear}.`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<RegenerateSectionResponse>();
    expect(body.tokens).toBe(150);
    expect(body.figures).toEqual([{ figure: 'launch year', from: oldYear, to: newYear }]);
    // Says which: the noted section and every other section that stated the old year.
    expect(body.sections.map((s) => s.key).sort()).toEqual([...new Set(['market_analysis', ...withOld])].sort());
    expect(await balance(m)).toBe(balanceBefore - 150);

    await work(id);
    const done = await report(m, id);
    expect(done).toMatchObject({ status: 'completed', version: 2, tokens_used: 9150 });
    const after = await sections(id);
    expect(after.size).toBe(before.size);
    for (const [key, text] of after) {
      if (withOld.includes(key)) {
        // Every section that stated the launch year now states the new one, and not the old.
        expect(states(text, newYear), key).toBe(true);
        expect(/First revenue[^0-9]{0,40}(20\d\d)/i.exec(text)?.[1] ?? newYear, key).toBe(newYear);
      } else if (key !== 'market_analysis') {
        expect(text, key).toBe(before.get(key)); // the rest of the report is untouched
      }
    }
    expect(after.get('market_analysis')).toContain('Your correction');
    // The member's figure is in the record now, stated by them.
    expect(done.record?.figures.some((f) => f.value === Number(newYear) && f.unit === 'year')).toBe(true);

    const versions = (await call(m, 'GET', `/api/reports/${id}/versions`)).json<ReportVersions>().versions;
    expect(versions[0]).toMatchObject({ n: 2, kind: 'section', tokens: 150, current: true });
    expect(versions[0]!.change).toContain(`launch year ${oldYear} → ${newYear}`);
    const pdf = await call(m, 'GET', `/api/reports/${id}/versions/2/download`);
    expect(pdf.statusCode).toBe(200);
    const history = (await call(m, 'GET', '/api/billing/ledger')).json<{ entries: LedgerEntry[] }>().entries;
    const title = body.sections.find((x) => x.key === 'market_analysis')!.title;
    // Charged once, in plain words.
    expect(history.filter((e) => e.description === `Section '${title}' rewritten — report “${done.title}”`).map((e) => e.amount)).toEqual([
      -150,
    ]);
  });

  it("reads a price in a note as the member's figure: the record, the sizing and every section that speaks of price", async () => {
    const m = await signUpAndLogin(t);
    const id = await completedReport(m);
    const before = await sections(id);
    const pricing = [...before].filter(([, text]) => /\bprice/i.test(text)).map(([k]) => k);
    expect(pricing.length).toBeGreaterThan(0);
    const res = await call(m, 'POST', `/api/reports/${id}/sections/problem/regenerate`, {
      note: 'Wrong on cost: we will sell it for 1,200 USD a unit to hospitals.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<RegenerateSectionResponse>();
    expect(body.figures).toEqual([{ figure: 'price', from: null, to: '1,200 USD' }]);
    expect(body.sections.map((s) => s.key).sort()).toEqual([...new Set(['problem', ...pricing])].sort());
    expect(body.tokens).toBe(150);
    await work(id);
    const done = await report(m, id);
    expect(done.record?.figures.filter((f) => f.unit === 'USD')).toEqual([expect.objectContaining({ value: 1200, what: 'price' })]);
    const after = await sections(id);
    expect([...after.values()].some((text) => /\$1,200|1,200 USD/.test(text))).toBe(true);
    // The same price again changes nothing shared.
    const again = await call(m, 'POST', `/api/reports/${id}/sections/problem/regenerate`, { note: 'As said, it sells for $1,200.' });
    expect(again.json<RegenerateSectionResponse>()).toMatchObject({ sections: [{ key: 'problem' }], figures: [] });
  });

  it("reads a count and a performance figure in a note as the member's: every section stating the old ones is rewritten, charged once, each named", async () => {
    const m = await signUpAndLogin(t);
    const idea =
      'AquaTrace: a paper test strip read by a smartphone camera that detects lead in drinking water down to 5 ppb in two minutes. ' +
      'We have 5 pilot customers and have sold 40 units. Accuracy is 95 % against lab tests. Our customers would be municipal water utilities and schools.';
    const id = await completedReport(m, 'comprehensive', idea);
    const before = await sections(id);
    const pilots = /(?<![\d.,])5\s+(?:[\w-]+\s+){0,3}?pilot/i;
    const accuracy = /(?<![\d.,])95\s?%/;
    const readable = (text: string) => text.replace(/\\[nrt"]/g, ' ');
    const withPilots = [...before].filter(([, text]) => pilots.test(readable(text))).map(([k]) => k);
    const withAccuracy = [...before].filter(([, text]) => accuracy.test(readable(text))).map(([k]) => k);
    // The report states them somewhere (else the test proves nothing), and not everywhere.
    expect(withPilots.length).toBeGreaterThan(0);
    expect(withAccuracy.length).toBeGreaterThan(0);
    const stale = new Set([...withPilots, ...withAccuracy]);
    expect(stale.size).toBeLessThan(before.size - 1);
    const balanceBefore = await balance(m);

    const note = 'Wrong: we have 3 pilot customers now, not five, and accuracy is 98 % in the field trials.';
    const res = await call(m, 'POST', `/api/reports/${id}/sections/problem/regenerate`, { note });
    expect(res.statusCode).toBe(200);
    const body = res.json<RegenerateSectionResponse>();
    // Named as the record names them (its reading of "Accuracy is 95 % against lab tests").
    expect(body.figures).toEqual([
      { figure: 'against lab tests', from: '95 %', to: '98 %' },
      { figure: 'pilot customers', from: '5', to: '3' },
    ]);
    expect(body.sections.map((s) => s.key).sort()).toEqual([...new Set(['problem', ...stale])].sort());
    expect(body.tokens).toBe(150);
    expect(await balance(m)).toBe(balanceBefore - 150);

    await work(id);
    const done = await report(m, id);
    expect(done).toMatchObject({ status: 'completed', version: 2 });
    expect(done.record?.figures.find((f) => f.what === 'pilot customers')).toMatchObject({ value: 3, stated_text: note });
    expect(done.record?.figures.find((f) => f.unit === '%')).toMatchObject({ value: 98 });
    const after = await sections(id);
    for (const [key, text] of after) {
      // No section states the old figures any more; the ones that did state the new ones.
      expect(pilots.test(readable(text)), key).toBe(false);
      expect(accuracy.test(readable(text)), key).toBe(false);
      if (withPilots.includes(key)) expect(readable(text), key).toMatch(/(?<![\d.,])3\s+(?:[\w-]+\s+){0,3}?pilot/i);
      if (withAccuracy.includes(key)) expect(readable(text), key).toMatch(/(?<![\d.,])98\s?%/);
      if (!stale.has(key) && key !== 'problem') expect(text, key).toBe(before.get(key));
    }
    const versions = (await call(m, 'GET', `/api/reports/${id}/versions`)).json<ReportVersions>().versions;
    expect(versions[0]!.change).toContain('against lab tests 95 % → 98 %, pilot customers 5 → 3, also updated in');
    const history = (await call(m, 'GET', '/api/billing/ledger')).json<{ entries: LedgerEntry[] }>().entries;
    expect(history.filter((e) => e.description.startsWith("Section 'The Problem' rewritten")).map((e) => e.amount)).toEqual([-150]);
  });

  it('refuses an unknown section (404), an empty note (422), a stranger (404) and a report not completed (409)', async () => {
    const m = await signUpAndLogin(t);
    const id = await completedReport(m);
    expect((await call(m, 'POST', `/api/reports/${id}/sections/nonsense/regenerate`, { note: 'wrong' })).statusCode).toBe(404);
    // A Comprehensive-only section is not in a Basic report.
    expect((await call(m, 'POST', `/api/reports/${id}/sections/market_analysis/regenerate`, { note: 'wrong' })).statusCode).toBe(404);
    const empty = await call(m, 'POST', `/api/reports/${id}/sections/problem/regenerate`, { note: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ detail: string }>().detail).toBe('Please say what is wrong with this section');
    const stranger = await signUpAndLogin(t);
    expect((await call(stranger, 'POST', `/api/reports/${id}/sections/problem/regenerate`, { note: 'wrong' })).statusCode).toBe(404);
    const ok = await call(m, 'POST', `/api/reports/${id}/sections/problem/regenerate`, { note: 'The problem is overstated.' });
    expect(ok.statusCode).toBe(200);
    // A note that states no shared figure rewrites that section alone.
    expect(ok.json<RegenerateSectionResponse>()).toMatchObject({ sections: [{ key: 'problem' }], figures: [] });
    expect((await call(m, 'POST', `/api/reports/${id}/sections/problem/regenerate`, { note: 'Again.' })).statusCode).toBe(409);
  });
});

describe('Correct what we understood', () => {
  it('stores the corrected record and rewrites the whole report at 20 % of the tier, as a new version', async () => {
    const m = await signUpAndLogin(t);
    const id = await completedReport(m);
    const r = await report(m, id);
    const record = { ...r.record!, name: 'SilverGuard dressing', stage: { trl: 5, stated_text: '', label: null } };
    const balanceBefore = await balance(m);
    const unchanged = await call(m, 'POST', `/api/reports/${id}/correct`, { record: r.record });
    expect(unchanged.statusCode).toBe(422);
    const res = await call(m, 'POST', `/api/reports/${id}/correct`, { record });
    expect(res.statusCode).toBe(200);
    expect(res.json<Report>()).toMatchObject({ status: 'processing', run_kind: 'correct', record_confirmed: true });
    expect(await balance(m)).toBe(balanceBefore - 500);
    await work(id);
    const done = await report(m, id);
    expect(done).toMatchObject({
      status: 'completed',
      version: 2,
      title: 'SilverGuard dressing',
      record: { name: 'SilverGuard dressing', stage: { trl: 5 } },
    });
    const text = [...(await sections(id)).values()].join('\n');
    expect(text).toContain('SilverGuard dressing');
    const versions = (await call(m, 'GET', `/api/reports/${id}/versions`)).json<ReportVersions>().versions;
    expect(versions[0]).toMatchObject({ n: 2, kind: 'correct', tokens: 500 });
    expect(versions[0]!.change).toBe('Invention record corrected (name, stage); whole report rewritten');
    // Version 1 still holds the record it was made from.
    const v1 = await t.db.query<{ record: { name: string } }>('SELECT record FROM report_versions WHERE report_id = $1 AND n = 1', [id]);
    expect(v1.rows[0]!.record.name).not.toBe('SilverGuard dressing');
    const bad = await call(m, 'POST', `/api/reports/${id}/correct`, { record: { ...record, name: '' } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('Compare versions', () => {
  it('names the rewritten section word by word and leaves the rest unchanged; a correction names the facts that moved', async () => {
    const m = await signUpAndLogin(t);
    const id = await completedReport(m);
    const before = await sections(id);
    const rewrite = await call(m, 'POST', `/api/reports/${id}/sections/competitors/regenerate`, {
      note: 'The competitors are wrong: the closest rival is the Acme SilverSeal dressing, sold to hospitals since last year.',
    });
    expect(rewrite.statusCode).toBe(200);
    await work(id);
    const changed = [...(await sections(id))].filter(([key, text]) => before.get(key) !== text).map(([key]) => key);

    const res = await call(m, 'GET', `/api/reports/${id}/versions/1/compare`);
    expect(res.statusCode).toBe(200);
    const c = res.json<VersionComparison>();
    expect(c).toMatchObject({ from: 1, to: 2, facts: [] });
    expect(
      c.sections
        .filter((s) => s.status === 'changed')
        .map((s) => s.key)
        .sort(),
    ).toEqual(changed.sort());
    expect(c.sections.filter((s) => s.status === 'unchanged')).toHaveLength(before.size - changed.length);
    const competitors = c.sections.find((s) => s.key === 'competitors')!;
    expect(
      competitors.changes
        .filter((p) => p.kind === 'added')
        .map((p) => p.text)
        .join(''),
    ).toContain('Acme');
    // The earlier text is there too, so the section reads whole: what stayed, what went, what came.
    const text = (kinds: string[]) =>
      competitors.changes
        .filter((p) => kinds.includes(p.kind))
        .map((p) => p.text)
        .join('');
    expect(text(['same', 'removed']).length).toBeGreaterThan(0);
    expect(c.sections.find((s) => s.status === 'unchanged')!.changes).toEqual([]);

    const r = await report(m, id);
    expect(
      (await call(m, 'POST', `/api/reports/${id}/correct`, { record: { ...r.record!, name: 'SilverGuard dressing' } })).statusCode,
    ).toBe(200);
    await work(id);
    // Asked either way round, it reads earlier → later.
    const corrected = (await call(m, 'GET', `/api/reports/${id}/versions/3/compare?with=1`)).json<VersionComparison>();
    expect(corrected).toMatchObject({ from: 1, to: 3 });
    expect(corrected.facts).toEqual(
      expect.arrayContaining([
        { label: 'Title', before: r.title, after: 'SilverGuard dressing' },
        { label: 'Name', before: r.record!.name, after: 'SilverGuard dressing' },
      ]),
    );
    expect(corrected.facts.map((f) => f.label)).not.toContain('Field');
  });

  it('answers 404 for a stranger or a version that does not exist, and 422 for a version that is not a number', async () => {
    const m = await signUpAndLogin(t);
    const id = await completedReport(m);
    const stranger = await signUpAndLogin(t);
    expect((await call(stranger, 'GET', `/api/reports/${id}/versions/1/compare`)).statusCode).toBe(404);
    const missing = await call(m, 'GET', `/api/reports/${id}/versions/1/compare?with=7`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ detail: string }>().detail).toBeTruthy();
    const bad = await call(m, 'GET', `/api/reports/${id}/versions/1/compare?with=two`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ detail: string }>().detail).toMatch(/whole number/);
    // The same version with itself: nothing differs.
    const same = (await call(m, 'GET', `/api/reports/${id}/versions/1/compare?with=1`)).json<VersionComparison>();
    expect(same.facts).toEqual([]);
    expect(same.sections.every((s) => s.status === 'unchanged')).toBe(true);
  });
});
