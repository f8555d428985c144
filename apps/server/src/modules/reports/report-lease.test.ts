import type { Report } from '@assay/shared';
import { mkdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@assay/report-engine/testing';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { modelEnv } from '../../../test/reports.ts';
import { queueSpecs } from '../../job-catalog.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { processReport } from './process-report.ts';
import { createReportLeases, LeaseLostError, type ReportLeases } from './report-lease.ts';
import { reportJob } from './report-job.ts';
import { requeueAbandonedReports } from './requeue-abandoned-reports.ts';
import { startWorkers } from '../../run-workers.ts';

const IDEA =
  'A biodegradable hydrogel wound dressing that releases silver ions on demand when a wound becomes infected, tested in a lab prototype.';
const LEASE_MS = 1500;
const BASIC_SECTIONS = 15;

let llm: FakeOpenAI;
let t: TestApp;
const stoppers: Array<() => unknown> = [];
beforeAll(async () => {
  llm = await startFakeOpenAI({ delayToFirstTokenMs: 0, tokensPerSecond: Infinity });
  t = await createTestApp({
    ...modelEnv(llm, 6000),
    REPORT_LEASE_MS: String(LEASE_MS),
    REPORT_WORKER_CONCURRENCY: '1',
  });
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
    await sleep(50);
  }
}
async function startReport(m: Member) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reports/generate',
    headers: m.auth,
    payload: { idea: IDEA, complexity: 'basic' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Report>().id;
}
const report = async (m: Member, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: m.auth })).json<Report>();
const savedSections = async (id: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_sections WHERE report_id = $1', [id])).rows[0]!.n;
/** What the report cost the member: its hold's ledger entries and state, and the member's counters. */
async function charges(m: Member, id: string) {
  const hold = (
    await t.db.query<{ state: string; hold_entries: number; release_entries: number }>(
      `SELECT h.state,
            (SELECT count(*)::int FROM token_ledger e WHERE e.hold_id = h.id AND e.kind = 'hold') AS hold_entries,
            (SELECT count(*)::int FROM token_ledger e WHERE e.hold_id = h.id AND e.kind = 'release') AS release_entries
       FROM token_holds h WHERE h.report_id = $1`,
      [id],
    )
  ).rows[0]!;
  const user = (await t.db.query<{ reports_generated: number }>('SELECT reports_generated FROM users WHERE id = $1', [m.user.id])).rows[0]!;
  const balance = (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{ available_tokens: number }>();
  return { ...hold, reports_generated: user.reports_generated, available_tokens: balance.available_tokens };
}
const job = (id: string, reportId: string) => ({ id, data: { reportId }, retryCount: 0, retryLimit: 2 });
/** A worker as `npm run worker` starts one, with its own queue consumer; stopped after each test. */
async function startWorker() {
  const queue = await createJobQueue(t.db, queueSpecs(t.config), { supervise: false });
  stoppers.push(() => queue.stop());
  const stop = await startWorkers({ ...t.deps, queue });
  stoppers.push(stop);
  return stop;
}
function leases(ttlMs = 30_000): ReportLeases {
  const l = createReportLeases(t.db, { ttlMs, log: t.deps.log });
  stoppers.push(() => l.stop());
  return l;
}

describe('a report whose worker died', () => {
  it('is resumed by another worker within seconds of the lease expiring, asking the model only for what is missing, and charged once', async () => {
    const m = await signUpAndLogin(t);
    // Worker A, a full worker on its own queue connection: the record, the outline and five
    // sections come back, the other model calls never answer.
    llm.setDefault({ kind: 'hang' });
    llm.enqueue(...Array.from({ length: 7 }, () => ({ kind: 'ok' as const })));
    const stopA = await startWorker();
    const id = await startReport(m);
    // The executive summary is written last, from the others: nine calls hang.
    await until(async () => (await savedSections(id)) === 5 && llm.inFlight() === BASIC_SECTIONS - 1 - 5);
    const asked = llm.requests.length;

    // The crash: A's heartbeat and sweeps stop mid-report, its lease is never released.
    stopA();
    llm.setDefault({ kind: 'ok' });
    const crashedAt = Date.now();
    await startWorker(); // worker B
    await until(
      async () => (await t.db.query<{ attempts: number }>('SELECT attempts FROM reports WHERE id = $1', [id])).rows[0]!.attempts === 2,
    );
    // Resumed once the lease ran out (1.5 s here, 30 s by default), plus a sweep and a poll: far under a minute.
    expect(Date.now() - crashedAt).toBeLessThan(LEASE_MS + 3000);
    const done = await until(async () => {
      const r = await report(m, id);
      return r.status !== 'processing' && r;
    });

    expect(done).toMatchObject({ status: 'completed', progress: { sections_done: BASIC_SECTIONS } });
    expect(llm.requests.length - asked).toBe(BASIC_SECTIONS - 5);
    expect(await charges(m, id)).toEqual({
      state: 'captured',
      hold_entries: 1,
      release_entries: 0,
      reports_generated: 1,
      available_tokens: 0,
    });

    // A's model calls finally time out: the worker that lost its report writes nothing and fails nothing.
    await until(async () => llm.inFlight() === 0);
    await sleep(300);
    expect(await report(m, id)).toMatchObject({ status: 'completed', title: done.title });
    expect(await charges(m, id)).toEqual({
      state: 'captured',
      hold_entries: 1,
      release_entries: 0,
      reports_generated: 1,
      available_tokens: 0,
    });
  });
});

describe('a worker killed between fetching a report and taking its lease', () => {
  it('leaves the report no longer than a leased one: another worker resumes it within seconds, charged once', async () => {
    const m = await signUpAndLogin(t);
    const id = await startReport(m);
    // Worker A fetched the job (the queue marks it active) and was killed before its first
    // statement: no lease on the report, and the job stays active until the queue's 15-minute expiry.
    const fetched = await t.db.query(
      `UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = $1 AND data->>'reportId' = $2 AND state = 'created' RETURNING id`,
      [reportJob.name, id],
    );
    expect(fetched.rows).toHaveLength(1);
    const killedAt = Date.now();
    expect((await t.db.query('SELECT lease_owner FROM reports WHERE id = $1', [id])).rows[0]).toEqual({ lease_owner: null });

    await startWorker(); // worker B
    await until(
      async () => (await t.db.query<{ attempts: number }>('SELECT attempts FROM reports WHERE id = $1', [id])).rows[0]!.attempts === 1,
    );
    // As quickly as a leased report: the lease time (1.5 s here, 30 s by default) plus a sweep and a poll.
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 3000);
    const done = await until(async () => {
      const r = await report(m, id);
      return r.status !== 'processing' && r;
    });
    expect(done).toMatchObject({ status: 'completed', progress: { sections_done: BASIC_SECTIONS } });
    expect(await charges(m, id)).toEqual({
      state: 'captured',
      hold_entries: 1,
      release_entries: 0,
      reports_generated: 1,
      available_tokens: 0,
    });
  });

  it('does not queue twice a report whose worker is only about to take the lease, or one waiting in the queue', async () => {
    const m = await signUpAndLogin(t);
    const waiting = await startReport(m);
    const m2 = await signUpAndLogin(t);
    const justFetched = await startReport(m2);
    await t.db.query(`UPDATE reports SET created_at = now() - interval '1 hour' WHERE id IN ($1, $2)`, [waiting, justFetched]);
    await t.db.query(`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = $1 AND data->>'reportId' = $2`, [
      reportJob.name,
      justFetched,
    ]);
    expect(await requeueAbandonedReports(t.db, t.deps.queue, LEASE_MS)).toEqual([]);
    // Once the fetch is older than a lease, the report is queued again, once.
    await t.db.query(`UPDATE pgboss.job SET started_on = now() - interval '1 minute' WHERE name = $1 AND data->>'reportId' = $2`, [
      reportJob.name,
      justFetched,
    ]);
    expect(await requeueAbandonedReports(t.db, t.deps.queue, LEASE_MS)).toEqual([justFetched]);
    expect(await requeueAbandonedReports(t.db, t.deps.queue, LEASE_MS)).toEqual([]);
    // The dead worker's job is cancelled, not left to come back after the queue's expiry.
    const states = await t.db.query<{ state: string }>(
      'SELECT state FROM pgboss.job WHERE name = $1 AND data->>$2 = $3 ORDER BY created_on',
      [reportJob.name, 'reportId', justFetched],
    );
    expect(states.rows.map((r) => r.state)).toEqual(['cancelled', 'created']);
  });
});

describe('one report, two workers', () => {
  it('is written by one of two workers handed it at the same moment; the other stands aside', async () => {
    const m = await signUpAndLogin(t);
    const id = await startReport(m); // its queued job is not picked up: no worker runs here
    const options = (l: ReportLeases) => ({ sectionConcurrency: 4, leases: l });
    await Promise.all([processReport(t.deps, job('a', id), options(leases())), processReport(t.deps, job('b', id), options(leases()))]);
    expect(await report(m, id)).toMatchObject({ status: 'completed' });
    // The record, the outline and each section were asked for once.
    expect(llm.requests).toHaveLength(2 + BASIC_SECTIONS);
    const attempts = await t.db.query<{ attempts: number }>('SELECT attempts FROM reports WHERE id = $1', [id]);
    expect(attempts.rows[0]!.attempts).toBe(1);
    expect(await charges(m, id)).toEqual({
      state: 'captured',
      hold_entries: 1,
      release_entries: 0,
      reports_generated: 1,
      available_tokens: 0,
    });
  });

  it('a live lease keeps other workers out; once taken over, the frozen worker can write nothing more', async () => {
    const m = await signUpAndLogin(t);
    const id = await startReport(m);
    const frozen = leases(600);
    const a = (await frozen.take(id))!;
    expect(a.attempt).toBe(1);
    const other = leases();
    expect(await other.take(id)).toBeUndefined();
    frozen.stop(); // A freezes: no more heartbeats
    await sleep(700);

    await processReport(t.deps, job('b', id), { sectionConcurrency: 4, leases: other });
    expect(await report(m, id)).toMatchObject({ status: 'completed' });
    await expect(a.write((tx) => tx.query(`UPDATE reports SET title = 'zombie' WHERE id = $1`, [id]))).rejects.toThrow(LeaseLostError);
    expect(a.signal.aborted).toBe(true);
    expect((await report(m, id)).title).not.toBe('zombie');
  });

  it('fails and refunds a report whose workers keep dying, instead of handing it out forever', async () => {
    const m = await signUpAndLogin(t);
    const id = await startReport(m);
    // Three attempts (retry limit 2) each taken and abandoned by a worker that died.
    await t.db.query(
      `UPDATE reports SET attempts = 3, lease_owner = gen_random_uuid(), lease_until = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    await processReport(t.deps, job('c', id), { sectionConcurrency: 4, leases: leases() });
    expect(await report(m, id)).toMatchObject({ status: 'failed', tokens_returned: true });
    expect(llm.requests).toHaveLength(0);
  });
});

describe('a worker starting', () => {
  it('removes temporary files a crashed write left behind, but not a write in progress or a finished file', async () => {
    const dir = path.join(t.config.DATA_DIR, 'files', 'reports');
    mkdirSync(dir, { recursive: true });
    const crashed = path.join(dir, 'crashed.pdf.4242.tmp');
    const inProgress = path.join(dir, 'writing.pdf.4343.tmp');
    const finished = path.join(dir, 'finished.pdf');
    for (const f of [crashed, inProgress, finished]) writeFileSync(f, '%PDF-');
    const anHourAgo = new Date(Date.now() - 3600_000);
    utimesSync(crashed, anHourAgo, anHourAgo);
    utimesSync(finished, anHourAgo, anHourAgo);

    await startWorker();
    expect(existsSync(crashed)).toBe(false);
    // Let it finish the jobs earlier tests left queued before it stops.
    await until(
      async () =>
        (
          await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'active', 'retry')`,
            [reportJob.name],
          )
        ).rows[0]!.n === 0,
      20_000,
    );
    expect(existsSync(inProgress)).toBe(true);
    expect(existsSync(finished)).toBe(true);
  });
});
