import { sectionsFor, type Report } from '@assay/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { modelEnv } from '../../../test/reports.ts';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { adjustTokens } from '../tokens/index.ts';
import { failReport } from './fail-report.ts';
import { failStuckReports } from './fail-stuck-reports.ts';
import { createReportLeases } from './report-lease.ts';

const IDEA =
  'A biodegradable hydrogel wound dressing that releases silver ions on demand when a wound becomes infected, tested in a lab prototype.';

const inject = (t: TestApp, m: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: m.auth, ...(payload ? { payload } : {}) });
const balance = async (t: TestApp, m: Member) =>
  (await inject(t, m, 'GET', '/api/tokens/balance')).json<{ available_tokens: number }>().available_tokens;
async function waitForStatus(t: TestApp, m: Member, id: string, timeoutMs = 60_000): Promise<Report> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = (await inject(t, m, 'GET', `/api/reports/${id}`)).json<Report>();
    if (r.status !== 'processing') return r;
    if (Date.now() > end) throw new Error(`report still processing: ${JSON.stringify(r.progress)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe('the report worker with the offline analyst', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.startWorker();
  });
  afterAll(() => t.close());

  it('completes a report, captures the hold once, and serves the PDF to its owner', async () => {
    const m = await signUpAndLogin(t);
    const started = (await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' })).json<Report>();
    const done = await waitForStatus(t, m, started.id);
    expect(done.status).toBe('completed');
    expect(done.progress).toMatchObject({ stage: 'done', sections_done: 15, sections_total: 15 });
    expect(done.pdf_url).toBe(`/api/reports/${done.id}/download`);
    expect(done.content_preview?.length).toBeGreaterThan(100);
    expect(done.title).not.toBe('');
    expect(await balance(t, m)).toBe(0);
    const hold = await t.db.query<{ state: string }>('SELECT state FROM token_holds WHERE report_id = $1', [done.id]);
    expect(hold.rows[0]!.state).toBe('captured');
    const me = (await inject(t, m, 'GET', '/api/users/me')).json();
    expect(me.reports_generated).toBe(1);
    // A late failure cannot undo a completed report or release a captured hold.
    expect(await failReport(t.deps, done.id, 'late')).toBe(false);
    expect(await balance(t, m)).toBe(0);

    const pdf = await t.app.inject({ method: 'GET', url: done.pdf_url!, headers: m.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`filename*=UTF-8''`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'assay-pdf-')), 'r.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const s of sectionsFor('basic')) expect(text).toContain(s.title);
  });

  it('streams progress as Server-Sent Events until the report completes', async () => {
    const m = await signUpAndLogin(t);
    const started = (await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' })).json<Report>();
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/${started.id}/events`, headers: m.auth });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body
      .split('\n\n')
      .filter((e) => e.startsWith('event: report'))
      .map((e) => JSON.parse(e.split('\ndata: ')[1]!) as Report);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]!.status).toBe('processing');
    expect(events.at(-1)!.status).toBe('completed');
    const done = events.map((e) => e.progress.sections_done);
    expect([...done].sort((a, b) => a - b)).toEqual(done);
  });

  it('lets an operator download any report with basic authorization', async () => {
    const m = await signUpAndLogin(t);
    const started = (await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' })).json<Report>();
    await waitForStatus(t, m, started.id);
    const password = 'operator-password-1';
    const { ensureFirstOperator } = await import('../operators/index.ts');
    await ensureFirstOperator({ ...t.deps, config: { ...t.config, ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: password } });
    const basic = `Basic ${Buffer.from(`ops:${password}`).toString('base64')}`;
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/${started.id}/download`, headers: { authorization: basic } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${started.id}/download`,
      headers: { authorization: `Basic ${Buffer.from('ops:nope').toString('base64')}` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('fails a report stuck without progress and returns its tokens, exactly once', async () => {
    const m = await signUpAndLogin(t);
    // A report whose job is gone: written directly, as a crash between attempts would leave it.
    const started = (await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' })).json<Report>();
    await waitForStatus(t, m, started.id);
    const stuck = await t.db.transaction(async (tx) => {
      await adjustTokens(tx, { userId: m.user.id, amount: 2500, note: 'test funding' });
      const { placeHold } = await import('../tokens/index.ts');
      const id = crypto.randomUUID();
      const holdId = await placeHold(tx, { userId: m.user.id, amount: 2500, reportId: id });
      await tx.query(
        `INSERT INTO reports (id, user_id, title, idea, complexity, tokens_used, hold_id, sections_total, updated_at)
         VALUES ($1, $2, 'Stuck', $3, 'basic', 2500, $4, 15, now() - interval '3 hours')`,
        [id, m.user.id, IDEA, holdId],
      );
      return id;
    });
    expect(await balance(t, m)).toBe(0);
    const results = await Promise.all([failStuckReports(t.deps, 60), failStuckReports(t.deps, 60)]);
    expect(results[0]! + results[1]!).toBe(1);
    const r = (await inject(t, m, 'GET', `/api/reports/${stuck}`)).json<Report>();
    expect(r).toMatchObject({
      status: 'failed',
      tokens_returned: true,
      error_message: 'An error occurred during report generation. Please try again.',
    });
    expect(await balance(t, m)).toBe(2500);
  });
});

describe('the report worker with a model over HTTP', () => {
  let llm: FakeOpenAI;
  let openalex: FakeSearchServer;
  let patentsview: FakeSearchServer;
  beforeAll(async () => {
    llm = await startFakeOpenAI({ delayToFirstTokenMs: 0, tokensPerSecond: Infinity });
    openalex = await startFakeOpenAlex();
    patentsview = await startFakePatentsView({ apiKey: 'pv-test-key' });
  });
  afterAll(async () => {
    await Promise.all([llm.close(), openalex.close(), patentsview.close()]);
  });
  const searches = () => openalex.requests.length + patentsview.requests.length;
  const env = () => ({
    EVIDENCE_SOURCES: 'openalex,patentsview',
    OPENALEX_URL: openalex.baseUrl,
    OPENALEX_API_KEY: 'oa-test-key',
    PATENTSVIEW_URL: patentsview.baseUrl,
    PATENTSVIEW_API_KEY: 'pv-test-key',
    ...modelEnv(llm),
    REPORT_JOB_RETRY_LIMIT: '0',
  });

  it('fails the report and returns the held tokens once when the provider keeps failing', async () => {
    const t = await createTestApp(env());
    try {
      llm.reset();
      llm.setDefault({ kind: 'server-error', status: 500 });
      const m = await signUpAndLogin(t);
      await t.startWorker();
      const started = (await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' })).json<Report>();
      expect(await balance(t, m)).toBe(0);
      const r = await waitForStatus(t, m, started.id);
      expect(r).toMatchObject({ status: 'failed', tokens_returned: true, pdf_url: null });
      expect(r.error_message).toBe('An error occurred during report generation. Please try again.');
      expect(await balance(t, m)).toBe(2500);
      expect(await failReport(t.deps, r.id, 'again')).toBe(false);
      expect(await balance(t, m)).toBe(2500);
      const ledger = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM token_ledger WHERE hold_id IS NOT NULL AND kind = 'release'`,
      );
      expect(ledger.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      llm.setDefault({ kind: 'ok' });
      await t.close();
    }
  });

  it('tells the web app a prior-art search runs, so the privacy note says what leaves', async () => {
    const t = await createTestApp(env());
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/site-config' });
      expect(res.json<{ prior_art_search: boolean }>().prior_art_search).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with OpenAlex or PatentsView listed and no key', () => {
    const problems = (() => {
      try {
        loadConfig({ NODE_ENV: 'test', EVIDENCE_SOURCES: 'openalex, patentsview' });
        return [];
      } catch (e) {
        return e instanceof ConfigError ? e.problems : [String(e)];
      }
    })();
    expect(problems).toEqual([
      'PATENTSVIEW_API_KEY: required when patentsview is an evidence source',
      'OPENALEX_API_KEY: required when openalex is an evidence source (OpenAlex requires an API key since February 2026)',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'test', EVIDENCE_SOURCES: 'google' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test' }).EVIDENCE_SOURCES).toEqual([]);
  });

  it('resumes a report where a killed worker stopped, asking neither the model again for written sections nor the sources again', async () => {
    const t = await createTestApp(env());
    try {
      llm.reset();
      llm.setDefault({ kind: 'ok' });
      const m = await signUpAndLogin(t);
      // First worker: the record, the outline and every section but the summary succeed, then the model goes down.
      const started = (await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' })).json<Report>();
      llm.enqueue(...Array.from({ length: 16 }, () => ({ kind: 'ok' as const })));
      llm.setDefault({ kind: 'server-error', status: 503 });
      const { processReport } = await import('./process-report.ts');
      const leases = createReportLeases(t.db, { ttlMs: 30_000, log: t.deps.log });
      await expect(
        processReport(
          t.deps,
          { id: 'j1', data: { reportId: started.id }, retryCount: 0, retryLimit: 1 },
          { sectionConcurrency: 4, leases },
        ),
      ).rejects.toThrow();
      const saved = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_sections WHERE report_id = $1', [started.id]);
      expect(saved.rows[0]!.n).toBe(14);
      const callsBefore = llm.requests.length;
      // The evidence was stored before the sections were written.
      const stored = await t.db.query<{ evidence: { items: Array<{ identifier: string; kind: string }> } | null }>(
        'SELECT evidence FROM reports WHERE id = $1',
        [started.id],
      );
      const items = stored.rows[0]!.evidence!.items;
      expect(items.some((i) => i.kind === 'patent')).toBe(true);
      const searchesBefore = searches();
      expect(searchesBefore).toBeGreaterThan(0);

      // The model is back; the retried job writes only what is missing.
      llm.setDefault({ kind: 'ok' });
      await processReport(
        t.deps,
        { id: 'j1', data: { reportId: started.id }, retryCount: 1, retryLimit: 1 },
        { sectionConcurrency: 4, leases },
      );
      leases.stop();
      const r = (await inject(t, m, 'GET', `/api/reports/${started.id}`)).json<Report>();
      expect(r.status).toBe('completed');
      expect(llm.requests.length - callsBefore).toBe(1);
      expect(searches()).toBe(searchesBefore);
      // The review's findings were stored section by section, across both attempts.
      const review = await t.db.query<{ review_findings: Array<{ section: string; kind: string; resolution: string }> | null }>(
        'SELECT review_findings FROM reports WHERE id = $1',
        [started.id],
      );
      const findings = review.rows[0]!.review_findings!;
      expect(Array.isArray(findings)).toBe(true);
      expect(findings.some((f) => f.section === 'executive_summary')).toBe(true);
      expect(findings.some((f) => f.section !== 'executive_summary')).toBe(true);
      expect(findings.every((f) => ['rewritten', 'fixed-by-rule', 'open'].includes(f.resolution))).toBe(true);
      const pdf = await t.app.inject({ method: 'GET', url: r.pdf_url!, headers: m.auth });
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'assay-pdf-')), 'r.pdf');
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('References');
      for (const i of items.slice(0, 3)) expect(text.replace(/\s/g, '')).toContain(i.identifier);
      const usage = await t.db.query<{ llm_output_tokens: number }>('SELECT llm_output_tokens FROM reports WHERE id = $1', [started.id]);
      expect(usage.rows[0]!.llm_output_tokens).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
