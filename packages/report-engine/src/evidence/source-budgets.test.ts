/**
 * Budgets that hold in production, against the fakes over real HTTP: OpenAlex's key on every
 * request and its 403 ("slow down") and 429 ("daily limit exceeded") as documented; PatentsView's
 * pre-grant publications and its 45-a-minute budget shared by every search with the key; the
 * result cache; usage events; the start-up probes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAlex, startFakePatentsView, type FakeSearchServer } from '../../test/fakes/fake-evidence.ts';
import { planFor } from '../test-support.ts';
import { acquireSlot, createMemoryRateGate } from './budget.ts';
import { createMemorySearchCache } from './cache.ts';
import { createEvidenceSources, type EvidencePorts } from './config.ts';
import { gatherEvidence } from './gather-evidence.ts';
import { createOpenAlexSource } from './openalex.ts';
import { SearchError } from './http.ts';
import type { SourceEvent } from './usage.ts';

const FAST = { timeoutMs: 2_000, maxRetries: 2, retryBaseDelayMs: 10, maxRetryDelayMs: 2_000 };
let oa: FakeSearchServer;
let pv: FakeSearchServer;

beforeAll(async () => {
  oa = await startFakeOpenAlex({ apiKey: 'oa-key' });
  pv = await startFakePatentsView({ apiKey: 'pv-key' });
});
afterAll(async () => {
  await oa.close();
  await pv.close();
});
beforeEach(() => {
  oa.reset();
  pv.reset();
});

const build = (over: Record<string, unknown> = {}, ports: EvidencePorts = {}) =>
  createEvidenceSources(
    {
      sources: ['openalex', 'patentsview'],
      openalexUrl: oa.baseUrl,
      openalexApiKey: 'oa-key',
      patentsviewUrl: pv.baseUrl,
      patentsviewApiKey: 'pv-key',
      ...FAST,
      ...over,
    },
    ports,
  );
const one = (name: string, over: Record<string, unknown> = {}, ports: EvidencePorts = {}) =>
  build(over, ports).find((s) => s.name === name)!;

async function failureOf(p: Promise<unknown>): Promise<SearchError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SearchError);
  return e as SearchError;
}

describe('OpenAlex budget', () => {
  it('sends the API key as api_key on every request, searches and probe alike', async () => {
    const source = one('openalex');
    await source.search('ceramic membrane');
    await source.search('iron oxide');
    await source.probe!();
    expect(oa.requests).toHaveLength(3);
    for (const r of oa.requests) expect(r.url.searchParams.get('api_key')).toBe('oa-key');
  });

  it('refuses to be configured without a key (the daily allowance without one is a handful of searches)', () => {
    expect(() => createEvidenceSources({ sources: ['openalex'] })).toThrow(/openalexApiKey/);
  });

  it('backs off on 403 "slow down" and tries again, as documented', async () => {
    oa.enqueue({ kind: 'slow-down' }, { kind: 'slow-down' });
    const hits = await one('openalex').search('ceramic membrane');
    expect(oa.requests.map((r) => r.behaviour)).toEqual(['slow-down', 'slow-down', 'ok']);
    expect(hits.length).toBeGreaterThan(0);
  });

  it('does not retry a 429 "daily limit exceeded", and stops asking until midnight UTC', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const held = createOpenAlexSource({ ...FAST, baseUrl: oa.baseUrl, apiKey: 'oa-key', now: () => now });
    oa.setDefault({ kind: 'daily-limit' });
    const e = await failureOf(held.search('ceramic membrane'));
    expect(e.failure).toBe('budget_spent');
    expect(e.status).toBe(429);
    expect(e.until?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(oa.requests).toHaveLength(1); // not retried
    // The next search fails at once without spending a request.
    const again = await failureOf(held.search('iron oxide'));
    expect(again.failure).toBe('budget_spent');
    expect(oa.requests).toHaveLength(1);
    // After midnight UTC it asks again.
    oa.setDefault({ kind: 'ok' });
    now = Date.parse('2026-11-24T00:00:01Z');
    expect((await held.search('iron oxide')).length).toBeGreaterThan(0);
    expect(oa.requests).toHaveLength(2);
  });

  it("says in the report's method note that the daily budget is spent, and the report completes", async () => {
    oa.setDefault({ kind: 'daily-limit' });
    const plan = planFor('A ceramic membrane filter coated with iron-oxide nanoparticles removes arsenic from groundwater.');
    const sources = build();
    const record = await gatherEvidence({ plan, sources, now: () => new Date() });
    const work = record.sources.find((s) => s.kind === 'work')!;
    expect(work.status).toBe('failed');
    expect(work.note).toMatch(/used up today's allowance of this service's key \(HTTP 429\); searches resume after midnight UTC/);
    const asked = record.runs.filter((r) => r.source === 'openalex').length;
    expect(oa.requests).toHaveLength(asked); // sent at once, in parallel; none retried
    // The patent search is not held back by it.
    expect(record.runs.filter((r) => r.source === 'patentsview').every((r) => r.ok && r.hits > 0)).toBe(true);
    // The next report that day sends OpenAlex nothing, and says the same.
    const next = await gatherEvidence({ plan, sources, now: () => new Date() });
    expect(oa.requests).toHaveLength(asked);
    expect(next.sources.find((s) => s.kind === 'work')!.note).toBe(work.note);
  });

  it('reports a refused key at the probe (start-up), not at the first report', async () => {
    const e = await failureOf(one('openalex', { openalexApiKey: 'wrong' }).probe!());
    expect(e.failure).toBe('rejected');
    expect(e.status).toBe(401);
  });
});

describe('PatentsView coverage and budget', () => {
  it('searches pre-grant publications as well as grants, with the same key and words', async () => {
    const hits = await one('patentsview').search('ceramic membrane');
    const paths = pv.requests.map((r) => r.url.pathname).sort();
    expect(paths).toEqual(['/api/v1/patent/', '/api/v1/publication/']);
    const pub = pv.requests.find((r) => r.url.pathname === '/api/v1/publication/')!;
    expect(pub.headers['x-api-key']).toBe('pv-key');
    expect(JSON.parse(pub.url.searchParams.get('q')!)).toEqual({
      _or: [{ _text_all: { publication_title: 'ceramic membrane' } }, { _text_all: { publication_abstract: 'ceramic membrane' } }],
    });
    expect(JSON.parse(pub.url.searchParams.get('f')!)).toEqual(
      expect.arrayContaining(['document_number', 'publication_title', 'publication_abstract', 'publication_date']),
    );
    const applications = hits.filter((h) => /^US\d{11}$/.test(h.identifier));
    const grants = hits.filter((h) => /^US\d{7,8}$/.test(h.identifier));
    expect(applications.length).toBeGreaterThan(0);
    expect(grants.length).toBeGreaterThan(0);
    expect(applications[0]!.holders.length).toBeGreaterThan(0);
    expect(applications[0]!.url).toBe(`https://patents.google.com/patent/${applications[0]!.identifier}`);
    expect(one('patentsview').label).toBe('PatentsView (US patents and published applications)');
  });

  it('queues searches over the budget instead of failing them: never more than the allowance in any window', async () => {
    const gate = createMemoryRateGate();
    // Two "reports" with their own source objects but one ledger, as two workers share the table.
    const a = one('patentsview', { patentsviewRequestsPerWindow: 4, patentsviewWindowMs: 600 }, { gate });
    const b = one('patentsview', { patentsviewRequestsPerWindow: 4, patentsviewWindowMs: 600 }, { gate });
    const t0 = Date.now();
    const results = await Promise.all([a, b, a, b, a].map((s, i) => s.search(`ceramic filter ${i}`)));
    expect(results.every((r) => r.length > 0)).toBe(true); // none failed
    expect(pv.requests).toHaveLength(10);
    const at = pv.requests.map((r) => r.at).sort((x, y) => x - y);
    // Slots are taken before each request leaves; arrival here varies by some ms. Without the gate all ten arrive at once.
    for (let i = 4; i < at.length; i++) expect(at[i]! - at[i - 4]!).toBeGreaterThanOrEqual(520);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_150); // ten requests at four per 600 ms
  });

  it('reports a search that would queue longer than allowed as rate-limited, without sending it', async () => {
    const gate = createMemoryRateGate();
    const limit = { requests: 1, windowMs: 60_000 };
    await acquireSlot(gate, 'b', limit, 1_000);
    const e = await failureOf(acquireSlot(gate, 'b', limit, 1_000));
    expect(e.failure).toBe('rate_limited');
    expect(e.plain).toMatch(/shared budget of 1 a minute/);
  });

  it('probes the key with one cheap request and reports a refused one', async () => {
    await one('patentsview').probe!();
    expect(pv.requests).toHaveLength(1);
    expect(JSON.parse(pv.requests[0]!.url.searchParams.get('o')!)).toEqual({ size: 1 });
    const e = await failureOf(one('patentsview', { patentsviewApiKey: 'wrong' }).probe!());
    expect(e.failure).toBe('rejected');
    expect(e.status).toBe(403);
  });
});

describe('the result cache', () => {
  it('answers the same query within a day from the cache, and asks again after a day', async () => {
    let now = 0;
    const cache = createMemorySearchCache(24 * 3_600_000, () => now);
    const events: SourceEvent[] = [];
    const usage = { record: (e: SourceEvent) => void events.push(e) };
    const source = one('openalex', {}, { cache, usage });
    const first = await source.search('ceramic membrane');
    now = 23 * 3_600_000;
    const second = await source.search('  Ceramic   MEMBRANE ');
    expect(second).toEqual(first);
    expect(oa.requests).toHaveLength(1);
    expect(events.map((e) => `${e.kind}:${e.ok}`)).toEqual(['search:true', 'cache_hit:true']);
    now = 25 * 3_600_000;
    await source.search('ceramic membrane');
    expect(oa.requests).toHaveLength(2);
  });

  it('does not cache a failure', async () => {
    const cache = createMemorySearchCache();
    const source = one('openalex', { maxRetries: 0 }, { cache });
    oa.enqueue({ kind: 'server-error' });
    await failureOf(source.search('ceramic membrane'));
    expect((await source.search('ceramic membrane')).length).toBeGreaterThan(0);
    expect(oa.requests).toHaveLength(2);
  });

  it('reports each failure with its reason to the usage sink', async () => {
    const events: SourceEvent[] = [];
    const source = one('openalex', {}, { usage: { record: (e) => void events.push(e) } });
    oa.setDefault({ kind: 'daily-limit' });
    await failureOf(source.search('ceramic membrane'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'openalex', kind: 'search', ok: false });
    expect(events[0]!.error?.failure).toBe('budget_spent');
  });
});
