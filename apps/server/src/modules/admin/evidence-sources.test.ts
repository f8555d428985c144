import { startFakeOpenAlex, startFakeOps, startFakePatentsView, type FakeOps, type FakeSearchServer } from '@assay/report-engine/testing';
import type { AdminEvidenceSource } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { OPERATOR_PASSWORD, ops as operator } from './test-support.ts';

/*
 * What operators see of the evidence sources (docs/decisions/210): each configured source's
 * searches, failures and cache hits, its last failure in plain words, a spent allowance and the
 * start-up check of its key; and a wrong key stops the server at start-up, naming the variable.
 */
let oa: FakeSearchServer;
let pv: FakeSearchServer;
let epo: FakeOps;
let t: TestApp;

const env = () => ({
  ADMIN_USERNAME: 'ops',
  ADMIN_PASSWORD: OPERATOR_PASSWORD,
  EVIDENCE_SOURCES: 'openalex,patentsview,epo-ops',
  OPENALEX_URL: oa.baseUrl,
  OPENALEX_API_KEY: 'oa-key',
  PATENTSVIEW_URL: pv.baseUrl,
  PATENTSVIEW_API_KEY: 'pv-key',
  EPO_OPS_URL: epo.baseUrl,
  EPO_OPS_KEY: 'ops-key',
  EPO_OPS_SECRET: 'ops-secret',
  EVIDENCE_TIMEOUT_MS: '2000',
});

beforeAll(async () => {
  oa = await startFakeOpenAlex({ apiKey: 'oa-key' });
  pv = await startFakePatentsView({ apiKey: 'pv-key' });
  epo = await startFakeOps({ key: 'ops-key', secret: 'ops-secret' });
  t = await createTestApp(env());
  await ensureFirstOperator(t.deps);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([oa.close(), pv.close(), epo.close()]);
});

const source = (name: string) => t.deps.reportPorts.evidence.find((s) => s.name === name)!;
const view = async () => {
  await t.deps.evidenceUsage.flush();
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/evidence-sources', headers: operator });
  expect(res.statusCode).toBe(200);
  return res.json<AdminEvidenceSource[]>();
};

describe('the evidence sources in the operator panel', () => {
  it('lists every configured source with its start-up check', async () => {
    const list = await view();
    expect(list.map((s) => s.source)).toEqual(['openalex', 'patentsview', 'epo-ops']);
    expect(list.map((s) => s.label)).toEqual([
      'OpenAlex (scholarly works)',
      'PatentsView (US patents and published applications)',
      'EPO Open Patent Services (patents worldwide)',
    ]);
    for (const s of list) {
      expect(s.probe).toBe('ok');
      expect(s.probed_at).not.toBeNull();
      expect(s.today).toEqual({ searches: 0, failures: 0, cache_hits: 0 });
    }
    expect(epo.searches()).toHaveLength(0); // OPS's check is the token request alone
  });

  it('counts searches and cache hits: the same query within a day is not sent again', async () => {
    await source('epo-ops').search('ceramic membrane');
    await source('epo-ops').search('Ceramic membrane');
    expect(epo.searches()).toHaveLength(1);
    const epoView = (await view()).find((s) => s.source === 'epo-ops')!;
    expect(epoView.today).toEqual({ searches: 1, failures: 0, cache_hits: 1 });
    expect(epoView.week).toEqual(epoView.today);
    expect(epoView.last_ok_at).not.toBeNull();
  });

  it('shows a spent allowance and the last failure in plain words', async () => {
    oa.setDefault({ kind: 'daily-limit' });
    try {
      await expect(source('openalex').search('iron oxide')).rejects.toThrow(/allowance/);
      await expect(source('openalex').search('arsenic adsorption')).rejects.toThrow(/allowance/);
    } finally {
      oa.setDefault({ kind: 'ok' });
    }
    const oaView = (await view()).find((s) => s.source === 'openalex')!;
    expect(oaView.today).toEqual({ searches: 2, failures: 2, cache_hits: 0 });
    expect(oaView.last_error).toBe("has used up today's allowance of this service's key (HTTP 429); searches resume after midnight UTC");
    expect(oaView.last_error_at).not.toBeNull();
    expect(Date.parse(oaView.spent_until!)).toBeGreaterThan(Date.now());
    expect(oa.requests.filter((r) => r.url.searchParams.has('search'))).toHaveLength(1); // the second never left
  });

  it('is for operators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/evidence-sources' })).statusCode).toBe(401);
  });
});

describe('keys checked at start-up', () => {
  const startWith = async (over: Record<string, string>) => {
    try {
      const app = await createTestApp({ ...env(), ...over });
      await app.close();
      return [];
    } catch (e) {
      if (e instanceof ConfigError) return e.problems;
      throw e;
    }
  };

  it('stops the server when a key is refused, naming the variable, before any report', async () => {
    const problems = await startWith({ OPENALEX_API_KEY: 'wrong', PATENTSVIEW_API_KEY: 'wrong', EPO_OPS_SECRET: 'wrong' });
    expect(problems).toEqual([
      "EPO_OPS_KEY and EPO_OPS_SECRET: refused by EPO Open Patent Services (patents worldwide) at start-up (the service refused this service's OPS credentials (HTTP 401); check EPO_OPS_KEY and EPO_OPS_SECRET)",
      'OPENALEX_API_KEY: refused by OpenAlex (scholarly works) at start-up (the service rejected the search (HTTP 401))',
      'PATENTSVIEW_API_KEY: refused by PatentsView (US patents and published applications) at start-up (the service rejected the search (HTTP 403))',
    ]);
  });

  it('starts, warning, when a service cannot be reached (it may be back before the first report)', async () => {
    expect(await startWith({ EPO_OPS_URL: 'http://127.0.0.1:9', EVIDENCE_TIMEOUT_MS: '500' })).toEqual([]);
  });
});
