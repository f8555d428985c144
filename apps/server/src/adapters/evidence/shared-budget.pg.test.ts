import { startFakePatentsView, type FakeSearchServer } from '@assay/report-engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * One PatentsView budget per key across servers (PostgreSQL, migration 210): two server
 * processes on one database, each with its own sources, draw from one ledger, so together they
 * never send more than the allowance in any window, and searches over it wait instead of failing.
 * The result cache is shared the same way.
 */
const WINDOW_MS = 1_000;
const BUDGET = 4;
let pv: FakeSearchServer;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  pv = await startFakePatentsView({ apiKey: 'pv-shared' });
  const env = {
    EVIDENCE_SOURCES: 'patentsview',
    PATENTSVIEW_URL: pv.baseUrl,
    PATENTSVIEW_API_KEY: 'pv-shared',
    PATENTSVIEW_BUDGET: String(BUDGET),
    PATENTSVIEW_BUDGET_WINDOW_MS: String(WINDOW_MS),
  };
  a = await createTestApp(env);
  b = await createTestApp(env, { sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await pv.close();
});

const search = (t: TestApp, q: string) => t.deps.reportPorts.evidence.find((s) => s.name === 'patentsview')!.search(q);

describe('the PatentsView budget shared by two servers (PostgreSQL)', () => {
  it('probed each key once at start-up, through the same budget', () => {
    expect(pv.requests).toHaveLength(2);
  });

  it('never sends more than the allowance in any window, and queues the rest instead of failing', async () => {
    await new Promise((r) => setTimeout(r, WINDOW_MS + 50)); // the probes' slots leave the window
    pv.reset();
    const t0 = Date.now();
    // Three searches from each server at once: 12 requests (grants and publications) for 4 a second.
    const results = await Promise.all([a, b, a, b, a, b].map((t, i) => search(t, `ceramic membrane ${i}`)));
    const elapsed = Date.now() - t0;
    expect(results.every((hits) => hits.length > 0)).toBe(true);
    expect(pv.requests).toHaveLength(12);
    const at = pv.requests.map((r) => r.at).sort((x, y) => x - y);
    // Slots are taken before each request leaves; its arrival here varies by a few tens of ms.
    // Without the shared ledger, each server would send 4 at once: 8 within a few ms.
    for (let i = BUDGET; i < at.length; i++)
      expect(at[i]! - at[i - BUDGET]!, `requests ${i - BUDGET}..${i}`).toBeGreaterThanOrEqual(WINDOW_MS - 100);
    expect(elapsed).toBeGreaterThanOrEqual(2 * WINDOW_MS - 60);
    const slots = await a.db.query<{ n: number }>(`SELECT count(DISTINCT bucket)::int AS n FROM evidence_rate_slots`);
    expect(slots.rows[0]!.n).toBe(1); // one bucket for the key, named by its hash
    const leaked = await a.db.query(`SELECT 1 FROM evidence_rate_slots WHERE bucket LIKE '%pv-shared%'`);
    expect(leaked.rows).toHaveLength(0);
  });

  it('answers a search one server already made from the shared cache, sending nothing', async () => {
    await search(a, 'iron oxide coating');
    const sent = pv.requests.length;
    const again = await search(b, 'Iron  oxide coating');
    expect(again.length).toBeGreaterThan(0);
    expect(pv.requests.length).toBe(sent);
  });
});
