/**
 * The EPO OPS adapter against a fake that speaks OPS 3.2 on loopback: the client-credentials
 * token, the CQL search of published-data with biblio and abstracts in XML, the throttling
 * header and its 403s, quota rejections, an expired token renewed, wrong credentials at the probe.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOps, type FakeOps } from '../../test/fakes/fake-ops.ts';
import { createEvidenceSources } from './config.ts';
import { createEpoOpsSource, opsQuery, readThrottle } from './epo-ops.ts';
import { SearchError } from './http.ts';

const FAST = { timeoutMs: 2_000, maxRetries: 2, retryBaseDelayMs: 10, maxRetryDelayMs: 2_000 };
let ops: FakeOps;

beforeAll(async () => {
  ops = await startFakeOps({ key: 'ops-key', secret: 'ops-secret' });
});
afterAll(() => ops.close());
beforeEach(() => ops.reset());

const source = (over: Partial<Parameters<typeof createEpoOpsSource>[0]> = {}) =>
  createEpoOpsSource({ ...FAST, baseUrl: ops.baseUrl, key: 'ops-key', secret: 'ops-secret', ...over });

async function failureOf(p: Promise<unknown>): Promise<SearchError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SearchError);
  return e as SearchError;
}

describe('EPO OPS', () => {
  it('takes a client-credentials token, then searches published-data with CQL and reads the XML', async () => {
    const hits = await source().search('ceramic membrane filter');
    const [token, search] = ops.requests;
    expect(token!.method).toBe('POST');
    expect(token!.path).toBe('/3.2/auth/accesstoken');
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from('ops-key:ops-secret').toString('base64')}`);
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token!.body).toBe('grant_type=client_credentials');
    expect(search!.path).toBe('/3.2/rest-services/published-data/search/biblio');
    expect(search!.url.searchParams.get('q')).toBe('ta all "ceramic membrane filter"');
    expect(search!.url.searchParams.get('Range')).toBe('1-25');
    expect(search!.headers.authorization).toMatch(/^Bearer .+/);
    expect(search!.headers.accept).toBe('application/xml');
    expect(hits.map((h) => h.identifier)).toEqual(ops.served.map((d) => d.identifier));
    const first = hits[0]!;
    expect(first.source).toBe('epo-ops');
    expect(first.kind).toBe('patent');
    expect(first.identifier).toMatch(/^(EP|WO|CN|JP|DE)\d{7}A1?$/);
    expect(first.title).toBe(ops.served[0]!.title.toUpperCase()); // the English title, not the German one
    expect(first.holders).toHaveLength(1); // the applicant as filed, not also its "[DE]" epodoc form
    expect(first.holders[0]).not.toMatch(/\[DE\]/);
    expect(first.abstract).toMatch(/^The invention relates to ceramic membrane filter\./);
    expect(first.year).toBeGreaterThan(2004);
    expect(first.url).toBe(`https://worldwide.espacenet.com/patent/search?q=pn%3D${first.identifier}`);
  });

  it('keeps one token for concurrent searches and later ones', async () => {
    const s = source();
    await Promise.all(['a b', 'c d', 'e f'].map((q) => s.search(q)));
    await s.search('g h');
    expect(ops.tokenRequests()).toHaveLength(1);
    expect(ops.searches()).toHaveLength(4);
  });

  it('renews an expired token once and repeats the search', async () => {
    const s = source();
    await s.search('ceramic membrane');
    ops.expireTokens();
    const hits = await s.search('iron oxide');
    expect(hits.length).toBeGreaterThan(0);
    expect(ops.tokenRequests()).toHaveLength(2);
    expect(ops.searches().map((r) => r.status)).toEqual([200, 400, 200]);
  });

  it('renews a token before it expires, by its stated lifetime', async () => {
    let now = 0;
    const s = source({ now: () => now });
    await s.search('ceramic membrane');
    now = 1_199_000 - 30_000; // inside the last minute of a 1199 s token
    await s.search('iron oxide');
    expect(ops.tokenRequests()).toHaveLength(2);
    expect(ops.searches().every((r) => r.status === 200)).toBe(true);
  });

  it('reads "no results" (404 SERVER.EntityNotFound) as an empty answer', async () => {
    expect(await source().search('nothing like this')).toEqual([]);
  });

  it('pauses for the Retry-After (ms) of a 403 with search=black, then searches', async () => {
    ops.enqueue({ kind: 'throttle-black', retryAfterMs: 300 });
    const t0 = Date.now();
    const hits = await source().search('ceramic membrane');
    expect(hits.length).toBeGreaterThan(0);
    expect(ops.searches().map((r) => r.status)).toEqual([403, 200]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
  });

  it('spaces searches to the allowance OPS states while the search service is yellow', async () => {
    ops.setThrottling('busy (images=green:100, inpadoc=green:45, other=green:1000, retrieval=green:50, search=yellow:200)');
    const s = source();
    await s.search('a b');
    await Promise.all([s.search('c d'), s.search('e f')]);
    const at = ops.searches().map((r) => r.at);
    // 200 a minute: 300 ms apart.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(280);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(280);
  });

  it('does not retry a spent quota (403 X-Rejection-Reason) and stops asking for the hour', async () => {
    ops.enqueue({ kind: 'quota', reason: 'IndividualQuotaPerHour' });
    const s = source();
    const e = await failureOf(s.search('ceramic membrane'));
    expect(e.failure).toBe('budget_spent');
    expect(e.plain).toBe("has used up this service's hourly OPS quota (HTTP 403, IndividualQuotaPerHour)");
    expect(ops.searches()).toHaveLength(1);
    await failureOf(s.search('iron oxide'));
    expect(ops.searches()).toHaveLength(1);
  });

  it('reports wrong credentials at the probe, from the token endpoint alone', async () => {
    const e = await failureOf(source({ secret: 'wrong' }).probe!());
    expect(e.failure).toBe('rejected');
    expect(e.status).toBe(401);
    expect(e.plain).toMatch(/EPO_OPS_KEY and EPO_OPS_SECRET/);
    expect(ops.searches()).toHaveLength(0);
    await source().probe!();
  });

  it('retries a 5xx, then fails saying the service was unavailable', async () => {
    ops.enqueue({ kind: 'server-error' }, { kind: 'server-error' }, { kind: 'server-error' });
    const e = await failureOf(source().search('ceramic membrane'));
    expect(e.failure).toBe('unavailable');
    expect(ops.searches()).toHaveLength(3);
  });

  it('is configured with EPO_OPS key and secret, both required', () => {
    expect(() => createEvidenceSources({ sources: ['epo-ops'] })).toThrow(/epoOpsKey[\s\S]*epoOpsSecret/);
    const [s] = createEvidenceSources({ sources: ['epo-ops'], epoOpsUrl: ops.baseUrl, epoOpsKey: 'k', epoOpsSecret: 's' });
    expect(s!.label).toBe('EPO Open Patent Services (patents worldwide)');
  });

  it('keeps quotes out of the CQL and reads the throttling header', () => {
    expect(opsQuery('say "hi" \\ there')).toBe('ta all "say hi there"');
    expect(readThrottle('idle (images=green:200, inpadoc=yellow:50, search=red:5, other=green:1000, retrieval=black:0)')).toEqual({
      system: 'idle',
      colour: 'red',
      perMinute: 5,
    });
    expect(readThrottle(undefined)).toBeNull();
  });
});
