import { REPORT_COSTS, REPORT_MESSAGES, type LedgerEntry, type Report, type ReportVersions } from '@assay/shared';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@assay/report-engine/testing';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { IDEA, modelEnv } from '../../../test/reports.ts';
import { adjustTokens } from '../tokens/index.ts';
import { failReport } from './fail-report.ts';
import { processReport } from './process-report.ts';
import { createReportLeases, type ReportLeases } from './report-lease.ts';

/**
 * Issue 27: retry, cancel, upgrade, delete and versions, on PostgreSQL, with the worker driven by
 * hand (processReport) so each stage can be reached on purpose.
 */
let llm: FakeOpenAI;
let t: TestApp;
const stoppers: Array<() => unknown> = [];
beforeAll(async () => {
  llm = await startFakeOpenAI({ delayToFirstTokenMs: 0, tokensPerSecond: Infinity });
  t = await createTestApp({ ...modelEnv(llm, 6000), REPORT_WORKER_CONCURRENCY: '1' });
});
afterEach(async () => {
  for (const stop of stoppers.splice(0).reverse()) await stop();
  llm.reset();
  llm.setDefault({ kind: 'ok' });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(check: () => Promise<T | false | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}
const call = (m: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: m.auth, ...(payload ? { payload } : {}) });
const report = async (m: Member, id: string) => (await call(m, 'GET', `/api/reports/${id}`)).json<Report>();
const balance = async (m: Member) => (await call(m, 'GET', '/api/tokens/balance')).json<{ available_tokens: number }>().available_tokens;
const grant = (m: Member, amount: number) =>
  t.db.transaction((tx) => adjustTokens(tx, { userId: m.user.id, amount, note: 'test funding' }));
const savedSections = async (id: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_sections WHERE report_id = $1', [id])).rows[0]!.n;

/** Every hold of a report: what it paid for, its state, and its ledger entries. */
async function holds(id: string) {
  return (
    await t.db.query<{ charge: string; amount: number; state: string; taken: number; returned: number }>(
      `SELECT split_part(h.charge, ':', 1) AS charge, h.amount, h.state,
            (SELECT coalesce(-sum(e.amount), 0)::int FROM token_ledger e WHERE e.hold_id = h.id AND e.kind = 'hold') AS taken,
            (SELECT coalesce(sum(e.amount), 0)::int FROM token_ledger e WHERE e.hold_id = h.id AND e.kind = 'release') AS returned
       FROM token_holds h WHERE h.report_id = $1 ORDER BY h.created_at`,
      [id],
    )
  ).rows;
}

function leases(ttlMs = 30_000): ReportLeases {
  const l = createReportLeases(t.db, { ttlMs, log: t.deps.log });
  stoppers.push(() => l.stop());
  return l;
}
let jobs = 0;
/** One worker attempt at the report, as the queue would hand it over. */
const work = (id: string, l = leases()) =>
  processReport(
    t.deps,
    { id: `job-${jobs++}`, data: { reportId: id }, retryCount: 0, retryLimit: 2 },
    { sectionConcurrency: 4, leases: l },
  );

async function start(m: Member, complexity: 'basic' | 'advanced' = 'basic') {
  const res = await call(m, 'POST', '/api/reports/generate', { idea: IDEA, complexity });
  expect(res.statusCode).toBe(201);
  return res.json<Report>().id;
}
async function completed(m: Member) {
  const id = await start(m);
  await work(id);
  expect(await report(m, id)).toMatchObject({ status: 'completed', version: 1 });
  return id;
}
async function history(m: Member) {
  return (await call(m, 'GET', '/api/billing/ledger')).json<{ entries: LedgerEntry[] }>().entries;
}

describe('retry', () => {
  it('tries a failed report again on the same record: its cost is held again, once, and the report completes', async () => {
    const m = await signUpAndLogin(t);
    await grant(m, 10_000);
    const id = await start(m);
    await failReport(t.deps, id, REPORT_MESSAGES.failedDefault);
    const failed = await report(m, id);
    expect(failed).toMatchObject({ status: 'failed', tokens_returned: true, version: 0 });
    const before = await balance(m);
    expect(before).toBe(12_500);

    // Two clicks at once: one retry, one 409.
    const clicks = await Promise.all([0, 1].map(() => call(m, 'POST', `/api/reports/${id}/retry`)));
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(clicks.find((c) => c.statusCode === 200)!.json<Report>()).toMatchObject({
      id,
      status: 'processing',
      idea: IDEA,
      run_kind: 'retry',
    });
    expect(clicks.find((c) => c.statusCode === 409)!.json<{ detail: string }>().detail).toBe(REPORT_MESSAGES.notFailed);
    expect(await balance(m)).toBe(before - REPORT_COSTS.basic);

    await work(id);
    expect(await report(m, id)).toMatchObject({ status: 'completed', version: 1, record: failed.record ?? expect.anything() });
    expect(await holds(id)).toEqual([
      { charge: 'generate', amount: 2500, state: 'released', taken: 2500, returned: 2500 },
      { charge: 'retry', amount: 2500, state: 'captured', taken: 2500, returned: 0 },
    ]);
    expect((await history(m)).map((e) => e.description)).toContain(`Report tried again — report “${(await report(m, id)).title}”`);
  });

  it('refuses a report that did not fail (409) and another member’s report (404)', async () => {
    const m = await signUpAndLogin(t);
    const id = await completed(m);
    expect((await call(m, 'POST', `/api/reports/${id}/retry`)).statusCode).toBe(409);
    const stranger = await signUpAndLogin(t);
    const res = await call(stranger, 'POST', `/api/reports/${id}/retry`);
    expect(res.statusCode).toBe(404);
    expect((await call(stranger, 'POST', '/api/reports/not-a-uuid/retry')).statusCode).toBe(404);
  });

  it('a retry the member cannot pay for is refused with the balance, and the report stays failed', async () => {
    const m = await signUpAndLogin(t);
    const id = await start(m);
    await failReport(t.deps, id, REPORT_MESSAGES.failedDefault);
    await t.db.transaction((tx) => adjustTokens(tx, { userId: m.user.id, amount: -2000, note: 'spent elsewhere' }));
    const res = await call(m, 'POST', `/api/reports/${id}/retry`);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/Insufficient tokens/);
    expect(await report(m, id)).toMatchObject({ status: 'failed' });
  });
});

describe('cancel', () => {
  it('while queued: the hold is released once, the report reads as cancelled, a second cancel is a 409', async () => {
    const m = await signUpAndLogin(t);
    const id = await start(m);
    expect(await balance(m)).toBe(0);
    const clicks = await Promise.all([0, 1, 2].map(() => call(m, 'POST', `/api/reports/${id}/cancel`)));
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await report(m, id)).toMatchObject({
      status: 'failed',
      cancelled: true,
      tokens_returned: true,
      error_message: REPORT_MESSAGES.cancelled,
    });
    expect(await holds(id)).toEqual([{ charge: 'generate', amount: 2500, state: 'released', taken: 2500, returned: 2500 }]);
    expect(await balance(m)).toBe(2500);
    // The queued job, when a worker reaches it, finds nothing to do.
    await work(id);
    expect(await report(m, id)).toMatchObject({ status: 'failed', cancelled: true });
    // Another member cannot cancel it.
    const stranger = await signUpAndLogin(t);
    expect((await call(stranger, 'POST', `/api/reports/${id}/cancel`)).statusCode).toBe(404);
  });

  it('mid-section: the worker stops asking the model and writes nothing more; the hold is released once', async () => {
    const m = await signUpAndLogin(t);
    const id = await start(m);
    // The record, the outline and five sections come back; the rest hang until cancelled.
    llm.setDefault({ kind: 'hang' });
    llm.enqueue(...Array.from({ length: 7 }, () => ({ kind: 'ok' as const })));
    const running = work(id, leases(600));
    await until(async () => (await savedSections(id)) === 5 && llm.inFlight() > 0);
    expect((await report(m, id)).progress.stage).toBe('sections');

    const res = await call(m, 'POST', `/api/reports/${id}/cancel`);
    expect(res.statusCode).toBe(200);
    await running; // the heartbeat finds the report no longer its own and aborts the calls
    await until(async () => llm.inFlight() === 0);
    expect(await savedSections(id)).toBe(5);
    expect(await report(m, id)).toMatchObject({ status: 'failed', cancelled: true });
    expect(await holds(id)).toEqual([{ charge: 'generate', amount: 2500, state: 'released', taken: 2500, returned: 2500 }]);
    expect(await balance(m)).toBe(2500);
    expect((await t.db.query('SELECT 1 FROM report_versions WHERE report_id = $1', [id])).rows).toHaveLength(0);
  });

  it('racing the completion: exactly one of them wins, and the hold is captured or released, never both', async () => {
    const outcomes = new Set<string>();
    // How long one report takes here, so the cancels spread over a whole run and a little past it.
    const timed = await signUpAndLogin(t);
    const began = Date.now();
    await work(await start(timed));
    const runMs = Date.now() - began;
    for (const at of [0, 0.25, 0.5, 0.75, 0.9, 1, 1.2, 1.5, 'pdf'] as const) {
      const m = await signUpAndLogin(t);
      const id = await start(m);
      const fire =
        at === 'pdf'
          ? until(async () => {
              const r = await report(m, id);
              return r.progress.stage === 'pdf' || r.status !== 'processing';
            }, 10_000)
          : sleep(at * runMs);
      const [, cancel] = await Promise.all([work(id), fire.then(() => call(m, 'POST', `/api/reports/${id}/cancel`))]);
      const r = await report(m, id);
      const [hold] = await holds(id);
      if (cancel.statusCode === 200) {
        expect(r).toMatchObject({ status: 'failed', cancelled: true });
        expect(hold).toMatchObject({ state: 'released', taken: 2500, returned: 2500 });
        expect(await balance(m)).toBe(2500);
      } else {
        expect(cancel.statusCode).toBe(409);
        expect(r).toMatchObject({ status: 'completed', cancelled: false, version: 1 });
        expect(hold).toMatchObject({ state: 'captured', taken: 2500, returned: 0 });
        expect(await balance(m)).toBe(0);
      }
      outcomes.add(`${r.status}@${at}`);
    }
    // Both sides won at least once across the delays (so the race was really run).
    expect([...outcomes].some((o) => o.startsWith('completed'))).toBe(true);
    expect([...outcomes].some((o) => o.startsWith('failed'))).toBe(true);
  }, 120_000);

  it('an upgrade cancelled goes back to the version it had, returning only the difference', async () => {
    const m = await signUpAndLogin(t);
    await grant(m, 5000);
    const id = await completed(m);
    expect((await call(m, 'POST', `/api/reports/${id}/upgrade`, { complexity: 'advanced' })).statusCode).toBe(200);
    expect(await balance(m)).toBe(0);
    const res = await call(m, 'POST', `/api/reports/${id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Report>()).toMatchObject({
      status: 'completed',
      complexity: 'basic',
      version: 1,
      cancelled: true,
      tokens_used: 2500,
      error_message: REPORT_MESSAGES.runCancelledKept,
      pdf_url: expect.stringContaining(id),
    });
    expect(await balance(m)).toBe(5000);
    expect((await call(m, 'GET', `/api/reports/${id}/download`)).statusCode).toBe(200);
    expect(await savedSections(id)).toBe(15);
  });
});

describe('upgrade', () => {
  it('charges exactly the difference once under concurrent clicks, reuses the record and the evidence, and makes version 2', async () => {
    const m = await signUpAndLogin(t);
    await grant(m, 20_000);
    const id = await completed(m);
    const before = (await t.db.query<{ record: unknown; evidence: unknown }>('SELECT record, evidence FROM reports WHERE id = $1', [id]))
      .rows[0]!;
    const balanceBefore = await balance(m);

    const clicks = await Promise.all(
      Array.from({ length: 6 }, () => call(m, 'POST', `/api/reports/${id}/upgrade`, { complexity: 'advanced' })),
    );
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await balance(m)).toBe(balanceBefore - (REPORT_COSTS.advanced - REPORT_COSTS.basic));
    expect((await holds(id)).filter((h) => h.charge === 'upgrade')).toEqual([
      { charge: 'upgrade', amount: 5000, state: 'held', taken: 5000, returned: 0 },
    ]);

    const asked = llm.requests.length;
    await work(id);
    const up = await report(m, id);
    expect(up).toMatchObject({ status: 'completed', complexity: 'advanced', version: 2, tokens_used: 7500 });
    // The record was not read again (no record call): only the plan and the sections.
    const after = (await t.db.query<{ record: unknown; evidence: unknown }>('SELECT record, evidence FROM reports WHERE id = $1', [id]))
      .rows[0]!;
    expect(after.record).toEqual(before.record);
    expect(after.evidence).toEqual(before.evidence);
    expect(llm.requests.length - asked).toBe(1 + up.progress.sections_total);

    const versions = (await call(m, 'GET', `/api/reports/${id}/versions`)).json<ReportVersions>().versions;
    expect(versions.map((v) => [v.n, v.kind, v.complexity, v.change, v.current, v.tokens])).toEqual([
      [2, 'upgrade', 'advanced', 'Upgraded to Advanced', true, 5000],
      [1, 'generate', 'basic', 'First version', false, 2500],
    ]);
    const words = (await history(m)).map((e) => e.description);
    expect(words).toContain(`Upgrade from Basic to Advanced — report “${up.title}”`);
  });

  it('refuses a lower or equal tier (422), a running report (409), a stranger (404), and a bad body (422)', async () => {
    const m = await signUpAndLogin(t);
    await grant(m, 20_000);
    const id = await completed(m);
    expect((await call(m, 'POST', `/api/reports/${id}/upgrade`, { complexity: 'basic' })).statusCode).toBe(422);
    const bad = await call(m, 'POST', `/api/reports/${id}/upgrade`, { complexity: 'platinum' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ detail: string }>().detail).toBeTruthy();
    const stranger = await signUpAndLogin(t);
    await grant(stranger, 20_000);
    expect((await call(stranger, 'POST', `/api/reports/${id}/upgrade`, { complexity: 'advanced' })).statusCode).toBe(404);
    const running = await start(m);
    expect((await call(m, 'POST', `/api/reports/${running}/upgrade`, { complexity: 'advanced' })).statusCode).toBe(409);
  });
});

describe('versions and delete', () => {
  it('versions are immutable; restoring one makes a new version; deleting removes the report, its versions and files but not the ledger', async () => {
    const m = await signUpAndLogin(t);
    await grant(m, 20_000);
    const id = await completed(m);
    await call(m, 'POST', `/api/reports/${id}/upgrade`, { complexity: 'comprehensive' });
    await work(id);
    expect(await report(m, id)).toMatchObject({ version: 2, complexity: 'comprehensive' });

    await expect(t.db.query(`UPDATE report_versions SET change = 'rewritten' WHERE report_id = $1`, [id])).rejects.toThrow(/immutable/);

    const v1 = await call(m, 'GET', `/api/reports/${id}/versions/1/download`);
    expect(v1.statusCode).toBe(200);
    expect(v1.headers['content-disposition']).toContain('(version 1).pdf');
    expect(v1.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(m, 'GET', `/api/reports/${id}/versions/9/download`)).statusCode).toBe(404);
    const stranger = await signUpAndLogin(t);
    expect((await call(stranger, 'GET', `/api/reports/${id}/versions/1/download`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/reports/${id}/versions`)).statusCode).toBe(404);

    const restored = await call(m, 'POST', `/api/reports/${id}/versions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Report>()).toMatchObject({ version: 3, complexity: 'basic', status: 'completed' });
    const list = (await call(m, 'GET', `/api/reports/${id}/versions`)).json<ReportVersions>().versions;
    expect(list.map((v) => [v.n, v.kind, v.current])).toEqual([
      [3, 'restore', true],
      [2, 'upgrade', false],
      [1, 'generate', false],
    ]);
    expect(list[0]!.change).toBe('Version 1 restored');
    expect(await savedSections(id)).toBe(15);

    const files = (
      await t.db.query<{ pdf_key: string }>('SELECT DISTINCT pdf_key FROM report_versions WHERE report_id = $1', [id])
    ).rows.map((r) => path.join(t.config.DATA_DIR, 'files', r.pdf_key));
    expect(files).toHaveLength(2);
    for (const f of files) expect(existsSync(f)).toBe(true);
    const ledgerBefore = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM token_ledger WHERE user_id = $1', [m.user.id]))
      .rows[0]!.n;
    const balanceBefore = await balance(m);

    expect((await call(stranger, 'DELETE', `/api/reports/${id}`)).statusCode).toBe(404);
    const del = await call(m, 'DELETE', `/api/reports/${id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(m, 'GET', `/api/reports/${id}`)).statusCode).toBe(404);
    expect((await call(m, 'GET', `/api/reports/${id}/versions/1/download`)).statusCode).toBe(404);
    for (const f of files) expect(existsSync(f)).toBe(false);
    expect((await t.db.query('SELECT 1 FROM report_versions WHERE report_id = $1', [id])).rows).toHaveLength(0);
    expect(
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM token_ledger WHERE user_id = $1', [m.user.id])).rows[0]!.n,
    ).toBe(ledgerBefore);
    expect(await balance(m)).toBe(balanceBefore);
    expect((await history(m)).map((e) => e.description)).toContain('Upgrade from Basic to Comprehensive — a deleted report');
    expect((await call(m, 'DELETE', `/api/reports/${id}`)).statusCode).toBe(404);
  });

  it('a report being written cannot be deleted (409) until it is cancelled', async () => {
    const m = await signUpAndLogin(t);
    const id = await start(m);
    const res = await call(m, 'DELETE', `/api/reports/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(REPORT_MESSAGES.stillRunning);
    expect((await call(m, 'POST', `/api/reports/${id}/cancel`)).statusCode).toBe(200);
    expect((await call(m, 'DELETE', `/api/reports/${id}`)).statusCode).toBe(200);
  });
});
