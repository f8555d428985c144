/**
 * The production evidence adapters against fake OpenAlex and PatentsView servers over real HTTP
 * on loopback: request shapes, the key header, retries on 5xx and timeouts, 429 with
 * Retry-After, malformed answers, and the research stage that survives all of them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAlex, startFakePatentsView, type FakeSearchServer } from '../../test/fakes/fake-evidence.ts';
import { createEvidenceSources } from './config.ts';
import { gatherEvidence } from './gather-evidence.ts';
import { SearchError } from './http.ts';
import { repeatsIdea } from './search-terms.ts';
import { planFor } from '../test-support.ts';

const IDEA =
  'A gravity-fed ceramic membrane filter coated with iron-oxide nanoparticles that removes arsenic and fluoride from groundwater for rural households. ' +
  'Water passes through a clay-based ceramic candle whose pores are lined with a nanostructured iron-oxide coating that adsorbs arsenic ions. ' +
  'Our confidential trial in Village Seven reached 9 µg/L after 500 litres.';
const PLAN = planFor(IDEA);

const FAST = { timeoutMs: 400, maxRetries: 2, retryBaseDelayMs: 10, maxRetryDelayMs: 2_000 };
let oa: FakeSearchServer;
let pv: FakeSearchServer;

beforeAll(async () => {
  oa = await startFakeOpenAlex({ apiKey: 'oa-key' });
  pv = await startFakePatentsView({ apiKey: 'pv-secret' });
});
afterAll(async () => {
  await oa.close();
  await pv.close();
});
beforeEach(() => {
  oa.reset();
  pv.reset();
});

const sources = (over: Record<string, unknown> = {}) =>
  createEvidenceSources({
    sources: ['openalex', 'patentsview'],
    openalexUrl: oa.baseUrl,
    openalexApiKey: 'oa-key',
    openalexMailto: 'research@assay.example',
    patentsviewUrl: pv.baseUrl,
    patentsviewApiKey: 'pv-secret',
    ...FAST,
    ...over,
  });
const openalex = (over = {}) => sources(over).find((s) => s.name === 'openalex')!;
const patentsview = (over = {}) => sources(over).find((s) => s.name === 'patentsview')!;
/** Requests to the granted-patent endpoint (each search also asks /api/v1/publication/). */
const grantRequests = () => pv.requests.filter((r) => r.url.pathname === '/api/v1/patent/');

async function failureOf(p: Promise<unknown>): Promise<SearchError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SearchError);
  return e as SearchError;
}

describe('OpenAlex works search', () => {
  it('asks /works with search, per-page, select and mailto, and reads DOIs, authors and the inverted-index abstract', async () => {
    const hits = await openalex().search('ceramic membrane filter');
    const req = oa.requests[0]!;
    expect(req.url.pathname).toBe('/works');
    expect(req.url.searchParams.get('search')).toBe('ceramic membrane filter');
    expect(req.url.searchParams.get('per-page')).toBe('25');
    expect(req.url.searchParams.get('select')!.split(',')).toEqual(
      expect.arrayContaining(['id', 'doi', 'display_name', 'publication_year', 'authorships', 'abstract_inverted_index']),
    );
    expect(req.url.searchParams.get('api_key')).toBe('oa-key');
    expect(req.url.searchParams.get('mailto')).toBe('research@assay.example');
    expect(hits.length).toBe(oa.served.length);
    const first = hits[0]!;
    expect(first.identifier).toBe(oa.served[0]!.identifier);
    expect(first.identifier).toMatch(/^10\.5555\//);
    expect(first.url).toBe(`https://doi.org/${first.identifier}`);
    expect(first.holders.length).toBeGreaterThan(0);
    expect(first.abstract).toMatch(/^We study ceramic membrane filter and report/);
    expect(first.year).toBeGreaterThan(2000);
  });

  it('sends a query family’s shapes as OpenAlex reads them: a quoted phrase, AND/OR words, a field filter', async () => {
    const none = { cpc: [], openAlexFields: [] };
    await openalex().search('ceramic candle', undefined, { mode: 'phrase', groups: [['ceramic candle']], ...none });
    await openalex().search('iron oxide coating', undefined, {
      mode: 'all',
      groups: [['iron'], ['oxide'], ['coating', 'layer']],
      cpc: ['C02F'],
      openAlexFields: [23, 15],
    });
    expect(oa.requests[0]!.url.searchParams.get('search')).toBe('"ceramic candle"');
    expect(oa.requests[0]!.url.searchParams.get('filter')).toBeNull();
    expect(oa.requests[1]!.url.searchParams.get('search')).toBe('iron AND oxide AND (coating OR layer)');
    expect(oa.requests[1]!.url.searchParams.get('filter')).toBe('primary_topic.field.id:23|15');
  });

  it('backs off on a 403 "slow down", then succeeds', async () => {
    oa.enqueue({ kind: 'slow-down' });
    const hits = await openalex().search('iron-oxide nanoparticles');
    expect(oa.requests.map((r) => r.behaviour)).toEqual(['slow-down', 'ok']);
    expect(hits.length).toBeGreaterThan(0);
  });

  it('reports a malformed answer without retrying it', async () => {
    oa.enqueue({ kind: 'malformed-json' });
    const e = await failureOf(openalex().search('ceramic candle'));
    expect(e.failure).toBe('malformed');
    expect(oa.requests).toHaveLength(1);
  });
});

describe('PatentsView PatentSearch', () => {
  it('sends the key as X-Api-Key and q/f/o/s as JSON to /api/v1/patent/, and reads patent numbers and assignees', async () => {
    const hits = await patentsview().search('ceramic membrane filter');
    const req = grantRequests()[0]!;
    expect(req.url.pathname).toBe('/api/v1/patent/');
    expect(req.headers['x-api-key']).toBe('pv-secret');
    expect(JSON.parse(req.url.searchParams.get('q')!)).toEqual({
      _or: [{ _text_all: { patent_title: 'ceramic membrane filter' } }, { _text_all: { patent_abstract: 'ceramic membrane filter' } }],
    });
    expect(JSON.parse(req.url.searchParams.get('f')!)).toEqual(
      expect.arrayContaining(['patent_id', 'patent_title', 'patent_date', 'patent_abstract', 'assignees.assignee_organization']),
    );
    expect(JSON.parse(req.url.searchParams.get('o')!)).toEqual({ size: 100 });
    expect(JSON.parse(req.url.searchParams.get('s')!)).toEqual([{ patent_date: 'desc' }]);
    expect(hits.map((h) => h.identifier).sort()).toEqual(pv.served.map((d) => d.identifier).sort());
    expect(hits[0]!.identifier).toMatch(/^US\d{7,8}$/);
    expect(hits[0]!.holders[0]).toBeTruthy();
    expect(hits[0]!.url).toBe(`https://patents.google.com/patent/${hits[0]!.identifier}`);
  });

  it('sends a query family’s shapes as PatentSearch reads them: _text_phrase, each word or a synonym, CPC subclasses', async () => {
    const none = { cpc: [], openAlexFields: [] };
    await patentsview().search('ceramic candle', undefined, { mode: 'phrase', groups: [['ceramic candle']], ...none });
    await patentsview().search('iron oxide coating', undefined, {
      mode: 'all',
      groups: [['iron'], ['coating', 'layer']],
      cpc: ['C02F', 'B01D'],
      openAlexFields: [23],
    });
    // Each search asks granted patents and published applications; the class restriction is for grants.
    const grants = pv.requests.filter((r) => r.url.pathname === '/api/v1/patent/');
    const q = (i: number) => JSON.parse(grants[i]!.url.searchParams.get('q')!) as unknown;
    expect(q(0)).toEqual({
      _or: [{ _text_phrase: { patent_title: 'ceramic candle' } }, { _text_phrase: { patent_abstract: 'ceramic candle' } }],
    });
    const inText = (w: string) => ({ _or: [{ _text_all: { patent_title: w } }, { _text_all: { patent_abstract: w } }] });
    expect(q(1)).toEqual({
      _and: [
        { _and: [inText('iron'), { _or: [inText('coating'), inText('layer')] }] },
        { _or: [{ _begins: { 'cpc_current.cpc_subclass_id': 'C02F' } }, { _begins: { 'cpc_current.cpc_subclass_id': 'B01D' } }] },
      ],
    });
  });

  it('is refused with a wrong key, and does not retry a refusal', async () => {
    const e = await failureOf(patentsview({ patentsviewApiKey: 'wrong' }).search('ceramic filter'));
    expect(e.failure).toBe('rejected');
    expect(e.status).toBe(403);
    expect(grantRequests()).toHaveLength(1);
  });

  it('retries 5xx answers, then fails saying the service was unavailable', async () => {
    pv.setDefault({ kind: 'server-error', status: 503 });
    const e = await failureOf(patentsview().search('ceramic filter'));
    expect(e.failure).toBe('unavailable');
    expect(e.plain).toBe('was unavailable (HTTP 503)');
    expect(grantRequests()).toHaveLength(3); // the first attempt and two retries
  });

  it('times out a server that never answers, retrying each attempt', async () => {
    pv.setDefault({ kind: 'hang' });
    const t0 = Date.now();
    const e = await failureOf(patentsview({ maxRetries: 1 }).search('ceramic filter'));
    expect(e.failure).toBe('timeout');
    expect(e.plain).toBe('did not answer within 0.4 s');
    expect(grantRequests()).toHaveLength(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(780);
  });

  it('recovers when a 5xx is followed by an answer', async () => {
    pv.enqueue({ kind: 'server-error' }, { kind: 'ok' }, { kind: 'ok' });
    const hits = await patentsview().search('ceramic filter');
    expect(hits.length).toBeGreaterThan(0);
    expect(pv.requests).toHaveLength(3); // one endpoint answered 5xx once, then both answered
  });
});

describe('the research stage', () => {
  const now = () => new Date('2026-11-23T10:00:00Z');

  it('runs several searches built from what the invention is, in parallel, and keeps the closest documents with ids', async () => {
    const record = await gatherEvidence({ plan: PLAN, sources: sources(), now });
    expect(record.queries.length).toBeGreaterThanOrEqual(3);
    expect(record.queries.some((q) => q.includes('ceramic membrane filter'))).toBe(true);
    expect(record.queries.some((q) => /iron-oxide|ceramic candle/.test(q))).toBe(true);
    expect(record.queries.join(' ')).not.toMatch(/rural|households/);
    // Every search of every family went to both sources, and each is listed as sent.
    expect(record.runs.every((r) => r.ok)).toBe(true);
    expect(record.runs.filter((r) => r.source === 'openalex')).toHaveLength(record.runs.length / 2);
    for (const r of record.runs) expect(record.queries).toContain(r.query);
    const patents = record.items.filter((i) => i.kind === 'patent');
    const works = record.items.filter((i) => i.kind === 'work');
    expect(patents.length).toBeGreaterThanOrEqual(5);
    expect(patents.length).toBeLessThanOrEqual(10);
    expect(works.length).toBeGreaterThanOrEqual(5);
    expect(works.length).toBeLessThanOrEqual(10);
    expect(patents.map((p) => p.id)).toEqual(patents.map((_, i) => `P${i + 1}`));
    // Ranked by closeness, and each one served by the fake (de-duplicated: no number twice).
    expect([...patents].sort((a, b) => b.score - a.score)).toEqual(patents);
    expect(new Set(record.items.map((i) => i.identifier)).size).toBe(record.items.length);
    for (const p of patents) expect(pv.served.map((d) => d.identifier)).toContain(p.identifier);
    expect(record.sources.map((s) => s.status)).toEqual(['searched', 'searched']);
  });

  it('sends the searches in parallel', async () => {
    const slowOa = await startFakeOpenAlex({ delayMs: 300 });
    const slowPv = await startFakePatentsView({ apiKey: 'k', delayMs: 300 });
    try {
      const slow = createEvidenceSources({
        sources: ['openalex', 'patentsview'],
        openalexUrl: slowOa.baseUrl,
        openalexApiKey: 'k',
        patentsviewUrl: slowPv.baseUrl,
        patentsviewApiKey: 'k',
        ...FAST,
        timeoutMs: 5_000,
      });
      const t0 = Date.now();
      const record = await gatherEvidence({ plan: PLAN, sources: slow, now });
      // Sixteen searches at 300 ms each: one after another would take 4.8 s.
      expect(record.runs).toHaveLength(16);
      expect(Date.now() - t0).toBeLessThan(2_000);
    } finally {
      await slowOa.close();
      await slowPv.close();
    }
  });

  it('never sends the idea text: only the short queries leave the server', async () => {
    await gatherEvidence({ plan: PLAN, sources: sources(), now });
    const sent = [...oa.requests, ...pv.requests].map((r) => decodeURIComponent(r.url.search).replace(/\+/g, ' '));
    expect(sent.length).toBeGreaterThan(0);
    for (const s of sent) {
      for (const sentence of IDEA.split(/(?<=\.)\s+/)) expect(s).not.toContain(sentence.slice(0, 40));
      expect(s).not.toMatch(/Village Seven|confidential|9 µg/);
      expect(repeatsIdea(s.replace(/[^A-Za-z0-9-]+/g, ' '), IDEA)).toBe(false);
    }
  });

  it('completes when a source fails, and says which search failed and why', async () => {
    pv.setDefault({ kind: 'server-error', status: 502 });
    oa.enqueue({ kind: 'malformed-json' });
    // Sixteen searches at once on a loaded machine: this test is about failures, not timeouts.
    const record = await gatherEvidence({ plan: PLAN, sources: sources({ maxRetries: 0, timeoutMs: 5_000 }), now });
    const patent = record.sources.find((s) => s.kind === 'patent')!;
    expect(patent.status).toBe('failed');
    expect(patent.note).toBe(
      'The patent search (PatentsView (US patents and published applications)) failed: the service was unavailable (HTTP 502). This report cites no patents.',
    );
    const work = record.sources.find((s) => s.kind === 'work')!;
    expect(work.status).toBe('partly_failed');
    expect(work.note).toContain('1 of the 8 searches failed: the service sent an answer that could not be read.');
    expect(record.items.every((i) => i.kind === 'work')).toBe(true);
  });

  it('says plainly that no search was run when no source is configured', async () => {
    const record = await gatherEvidence({ plan: PLAN, sources: [], now });
    expect(record.items).toEqual([]);
    expect(record.sources.map((s) => s.note)).toEqual([
      'No patent search was run for this report: no patent database is connected to this service.',
      'No literature search was run for this report: no literature database is connected to this service.',
    ]);
  });

  it('refuses PatentsView without a key', () => {
    expect(() => createEvidenceSources({ sources: ['patentsview'] })).toThrow(/patentsviewApiKey/);
  });
});
