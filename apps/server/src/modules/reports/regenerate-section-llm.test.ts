import type { RegenerateSectionResponse, Report } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeOpenAI,
  startFakeOpenAlex,
  startFakePatentsView,
  type FakeOpenAI,
  type FakeSearchServer,
} from '@assay/report-engine/testing';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { IDEA, modelEnv } from '../../../test/reports.ts';
import { adjustTokens } from '../tokens/index.ts';
import { processReport } from './process-report.ts';
import { createReportLeases } from './report-lease.ts';

/**
 * Issue 27 §1 in LLM mode: "This section is wrong…" rewrites the section through the production
 * OpenAI-compatible writer, pointed at the fake model on loopback, with the evidence sources faked
 * too. The request that rewrites the section carries the member's note and the evidence; what the
 * model answers replaces that section and nothing else.
 */
let t: TestApp;
let llm: FakeOpenAI;
let openalex: FakeSearchServer;
let patentsview: FakeSearchServer;
beforeAll(async () => {
  [llm, openalex, patentsview] = await Promise.all([
    startFakeOpenAI({ delayToFirstTokenMs: 0, tokensPerSecond: Infinity }),
    startFakeOpenAlex({ apiKey: 'oa-test-key' }),
    startFakePatentsView({ apiKey: 'pv-test-key' }),
  ]);
  t = await createTestApp({
    EVIDENCE_SOURCES: 'openalex,patentsview',
    OPENALEX_URL: openalex.baseUrl,
    OPENALEX_API_KEY: 'oa-test-key',
    PATENTSVIEW_URL: patentsview.baseUrl,
    PATENTSVIEW_API_KEY: 'pv-test-key',
    ...modelEnv(llm),
    SECTION_REWRITE_TOKENS: '150',
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([llm?.close(), openalex?.close(), patentsview?.close()]);
});

const call = (m: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: m.auth, ...(payload ? { payload } : {}) });
let jobs = 0;
async function work(id: string) {
  const leases = createReportLeases(t.db, { ttlMs: 30_000, log: t.deps.log });
  try {
    await processReport(
      t.deps,
      { id: `job-${jobs++}`, data: { reportId: id }, retryCount: 0, retryLimit: 0 },
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
const userText = (body: { messages?: Array<{ role: string; content?: unknown }> }) =>
  (body.messages ?? [])
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
/** The section a request asks the model to write, if it asks for one. */
const writes = (text: string) => /^Write the section "([^"]+)" \(key: ([a-z_]+)\)/m.exec(text)?.[2];

/** Marks the model's answer: the first long text starts with MARK, same length (the schema's bounds still hold). */
const MARK = 'NOTE-REWRITE';
function mark(answer: unknown): unknown {
  let done = false;
  const visit = (v: unknown): unknown => {
    if (done) return v;
    if (typeof v === 'string' && v.length > 30) {
      done = true;
      return MARK + v.slice(MARK.length);
    }
    if (Array.isArray(v)) return v.map(visit);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, visit(x)]));
    return v;
  };
  return visit(answer);
}

describe('a section rewritten from a note, by the model', () => {
  it('sends the note and the evidence with the section, and the answer replaces only that section', async () => {
    const m = await signUpAndLogin(t);
    await t.db.transaction((tx) => adjustTokens(tx, { userId: m.user.id, amount: 2_500, note: 'test funding' }));
    const id = (await call(m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' })).json<Report>().id;
    await work(id);
    expect((await call(m, 'GET', `/api/reports/${id}`)).json<Report>()).toMatchObject({ status: 'completed', version: 1 });
    const before = await sections(id);
    // The first run wrote every section through the model, with evidence found by the searches.
    const firstRun = llm.requests.map((r) => userText(r.body));
    const written = firstRun.map(writes).filter(Boolean);
    expect(new Set(written).size).toBe(before.size);
    // A section whose request carried evidence: the rewrite must carry it again.
    const withEvidence = firstRun.filter((text) => writes(text) && /^\[[PW]1\] /m.test(text)).map(writes);
    expect(withEvidence.length).toBeGreaterThan(0);
    const key = withEvidence.includes('problem') ? 'problem' : withEvidence[0]!;

    llm.reset();
    llm.setDefault({ kind: 'edit', edit: mark });
    const searchesBefore = openalex.requests.length + patentsview.requests.length;
    const note =
      'This section is wrong: schools are not the main buyers; the county health departments that test wells are, and they test every spring.';
    const res = await call(m, 'POST', `/api/reports/${id}/sections/${key}/regenerate`, { note });
    expect(res.statusCode).toBe(200);
    // A note that states no shared figure: that section alone.
    expect(res.json<RegenerateSectionResponse>()).toMatchObject({ sections: [{ key }], figures: [], tokens: 150 });
    try {
      await work(id);
    } finally {
      llm.setDefault({ kind: 'ok' });
    }
    expect((await call(m, 'GET', `/api/reports/${id}`)).json<Report>()).toMatchObject({ status: 'completed', version: 2 });

    // The model was asked to write that section, and no other; the request carries the note and the evidence.
    const rewrite = llm.requests.map((r) => userText(r.body));
    expect(rewrite.map(writes).filter(Boolean)).toEqual([key]);
    const request = rewrite.find((text) => writes(text) === key)!;
    expect(request).toContain('## The member who owns this report says this section is wrong');
    expect(request).toContain(note);
    expect(request).toContain('## Evidence found by the prior-art and literature search');
    expect(request).toMatch(/^\[[PW]1\] (Patent|Paper) /m);
    // The evidence already found is reused: no new search.
    expect(openalex.requests.length + patentsview.requests.length).toBe(searchesBefore);

    // What the model answered is the section now; every other section is byte for byte what it was.
    const after = await sections(id);
    expect(after.size).toBe(before.size);
    expect(after.get(key)).toContain(MARK);
    expect(after.get(key)).not.toBe(before.get(key));
    for (const [k, text] of after) if (k !== key) expect(text, k).toBe(before.get(k));
  });
});
