import { MSG, REPORT_COSTS, type Report } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { adjustTokens } from '../tokens/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const IDEA = 'A self-cleaning solar panel coating made of nano-structured titanium dioxide that sheds dust in desert plants.';
const generate = (m: Member, body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/reports/generate', headers: { ...m.auth, ...headers }, payload: body });
const balance = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{ available_tokens: number }>()
    .available_tokens;
const grant = (m: Member, amount: number) =>
  t.db.transaction((tx) => adjustTokens(tx, { userId: m.user.id, amount, note: 'test funding' }));
const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const jobsFor = (reportId: string) =>
  count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'report.generate' AND data->>'reportId' = $1`, [reportId]);

describe('POST /reports/generate', () => {
  it('holds the cost, creates a processing report and queues its job, together', async () => {
    const m = await signUpAndLogin(t);
    const before = await balance(m);
    expect(before).toBe(REPORT_COSTS.basic); // the signup bonus: one Basic report
    const res = await generate(m, { idea: IDEA, complexity: 'basic' });
    expect(res.statusCode).toBe(201);
    const report = res.json<Report>();
    expect(report).toMatchObject({ status: 'processing', complexity: 'basic', tokens_used: 2500, pdf_url: null });
    expect(report.progress).toEqual({ stage: 'queued', sections_done: 0, sections_total: 15 });
    expect(await balance(m)).toBe(before - REPORT_COSTS.basic);
    expect(await jobsFor(report.id)).toBe(1);
  });

  it('refuses too few tokens with the spec’s 403 and writes nothing', async () => {
    const m = await signUpAndLogin(t);
    const res = await generate(m, { idea: IDEA, complexity: 'comprehensive' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Insufficient tokens. Required: 9000, Available: 2500. Please purchase more tokens.');
    expect(await count('SELECT count(*)::int AS n FROM reports WHERE user_id = $1', [m.user.id])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM token_holds WHERE user_id = $1', [m.user.id])).toBe(0);
    expect(await balance(m)).toBe(2500);
  });

  it.each([
    [{ idea: '', complexity: 'basic' }, MSG.ideaRequired],
    [{ idea: 'too short to assess', complexity: 'basic' }, MSG.ideaMin],
    [{ idea: IDEA }, MSG.complexityRequired],
    [{ idea: IDEA, complexity: 'deluxe' }, MSG.complexityRequired],
  ])('rejects %j with the spec’s message', async (body, detail) => {
    const m = await signUpAndLogin(t);
    const res = await generate(m, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    expect(await balance(m)).toBe(2500);
  });

  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reports/generate', payload: { idea: IDEA, complexity: 'basic' } });
    expect(res.statusCode).toBe(401);
  });

  it('creates one report and one charge for a double-clicked submit with an Idempotency-Key', async () => {
    const m = await signUpAndLogin(t);
    await grant(m, 20_000);
    const key = `submit-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => generate(m, { idea: IDEA, complexity: 'advanced' }, { 'idempotency-key': key })),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json<Report>().id)).size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await count('SELECT count(*)::int AS n FROM reports WHERE user_id = $1', [m.user.id])).toBe(1);
    expect(await balance(m)).toBe(22_500 - REPORT_COSTS.advanced);
    // Without a key, a second submit is a second report.
    expect((await generate(m, { idea: IDEA, complexity: 'basic' })).statusCode).toBe(201);
    expect(await count('SELECT count(*)::int AS n FROM reports WHERE user_id = $1', [m.user.id])).toBe(2);
  });

  it('refuses an Idempotency-Key reused with another idea or tier (422), and still replays the same request', async () => {
    const m = await signUpAndLogin(t);
    await grant(m, 20_000);
    const key = `reuse-${Date.now()}`;
    const first = await generate(m, { idea: IDEA, complexity: 'basic' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    for (const body of [
      { idea: `${IDEA} With a twist.`, complexity: 'basic' },
      { idea: IDEA, complexity: 'advanced' },
    ]) {
      const res = await generate(m, body, { 'idempotency-key': key });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ detail: MSG.idempotencyKeyReused, code: 'idempotency_key_reused' });
    }
    const replay = await generate(m, { idea: `  ${IDEA}  `, complexity: 'basic' }, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<Report>().id).toBe(first.json<Report>().id);
    expect(await count('SELECT count(*)::int AS n FROM reports WHERE user_id = $1', [m.user.id])).toBe(1);
    expect(await balance(m)).toBe(22_500 - REPORT_COSTS.basic);
  });

  it('leaves no hold and no report when the job cannot be queued', async () => {
    const failing = await createTestApp();
    try {
      // Same database, but the queue's schema is gone: the enqueue inside the transaction fails.
      // (The whole schema: pg-boss 12 writes a queue's jobs to that queue's own table.)
      const member = await signUpAndLogin(failing);
      await failing.db.exec('ALTER SCHEMA pgboss RENAME TO pgboss_gone');
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/reports/generate',
        headers: member.auth,
        payload: { idea: IDEA, complexity: 'basic' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().detail).toBe(MSG.serverError);
      const n = await failing.db.query<{ reports: number; holds: number }>(
        `SELECT (SELECT count(*)::int FROM reports) AS reports, (SELECT count(*)::int FROM token_holds) AS holds`,
      );
      expect(n.rows[0]).toEqual({ reports: 0, holds: 0 });
      await failing.db.exec('ALTER SCHEMA pgboss_gone RENAME TO pgboss');
      const bal = await failing.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: member.auth });
      expect(bal.json().available_tokens).toBe(2500);
    } finally {
      await failing.close();
    }
  });
});

describe('a member’s reports', () => {
  it('lists only the member’s own, newest first, paged by 10 with a status filter', async () => {
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    await grant(a, 12 * 2500);
    for (let i = 0; i < 12; i++) await generate(a, { idea: `${IDEA} Variant ${i}.`, complexity: 'basic' });
    await generate(b, { idea: IDEA, complexity: 'basic' });
    const page1 = (await t.app.inject({ method: 'GET', url: '/api/reports?page=1', headers: a.auth })).json();
    expect(page1).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(page1.reports).toHaveLength(10);
    expect(page1.reports[0].idea).toContain('Variant 11');
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/reports?page=2', headers: a.auth })).json();
    expect(page2.reports).toHaveLength(2);
    const failed = (await t.app.inject({ method: 'GET', url: '/api/reports?status=failed', headers: a.auth })).json();
    expect(failed.total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/reports?status=exploded', headers: a.auth });
    expect(bad.statusCode).toBe(422);
  });

  it('hides another member’s report behind a 404, for reading, events and download', async () => {
    const owner = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const report = (await generate(owner, { idea: IDEA, complexity: 'basic' })).json<Report>();
    for (const url of [`/api/reports/${report.id}`, `/api/reports/${report.id}/download`, `/api/reports/${report.id}/events`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: other.auth });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toBe('Report not found');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/reports/not-a-uuid`, headers: owner.auth })).statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}`, headers: owner.auth });
    expect(own.statusCode).toBe(200);
    // Not finished yet: no file to download.
    const early = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}/download`, headers: owner.auth });
    expect(early.statusCode).toBe(409);
  });
});
