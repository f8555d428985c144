import { MSG, type SiteConfig, type UnderstandIdeaResponse } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@assay/report-engine/testing';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { modelEnv } from '../../../test/reports.ts';
import { UNDERSTAND_LIMIT } from './understand-idea.ts';

const IDEA =
  'HydroSeal-X is a biodegradable hydrogel wound dressing that releases silver ions on demand when a wound becomes infected. ' +
  'Technology readiness level (TRL) 4: validated in the lab. Patent pending.';

const understand = (t: TestApp, m: Member | null, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/reports/understand', headers: m?.auth ?? {}, payload: body });
const balance = async (t: TestApp, m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{ available_tokens: number }>()
    .available_tokens;
const llmCalls = async (t: TestApp, userId: string) =>
  (
    await t.db.query<{ provider: string; model: string; input_tokens: number; output_tokens: number; outcome: string }>(
      `SELECT provider, model, input_tokens, output_tokens, outcome FROM llm_calls WHERE user_id = $1 ORDER BY id`,
      [userId],
    )
  ).rows;

describe('POST /reports/understand with the offline analyst', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the record the parser reads, says the writer is offline, and spends nothing', async () => {
    const m = await signUpAndLogin(t);
    const before = await balance(t, m);
    const res = await understand(t, m, { idea: IDEA });
    expect(res.statusCode).toBe(200);
    const body = res.json<UnderstandIdeaResponse>();
    expect(body.record).toMatchObject({
      name: 'HydroSeal-X',
      field: 'medical_devices',
      stage: { trl: 4, stated_text: 'Technology readiness level (TRL) 4: validated in the lab.' },
      ip: { status: 'filed' },
    });
    expect(body.writer).toEqual({ offline: true, provider: 'offline', model: expect.stringMatching(/^offline-analyst@/) });
    expect(await balance(t, m)).toBe(before);
    // Nothing is written for a report, and no model call is logged (none was made).
    expect((await t.db.query('SELECT 1 FROM reports WHERE user_id = $1', [m.user.id])).rows).toHaveLength(0);
    expect(await llmCalls(t, m.user.id)).toEqual([]);
  });

  it.each([
    [{ idea: '' }, MSG.ideaRequired],
    [{ idea: 'too short to assess' }, MSG.ideaMin],
    [{ idea: 'x'.repeat(10_001) }, 'Please keep the description under 10,000 characters'],
    [{ idea: `${IDEA}\u0000` }, MSG.textControlCharacters],
    [{}, MSG.ideaRequired],
  ])('refuses %# with the idea rules generate uses', async (body, detail) => {
    const m = await signUpAndLogin(t);
    const res = await understand(t, m, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
  });

  it('needs a signed-in member', async () => {
    const res = await understand(t, null, { idea: IDEA });
    expect(res.statusCode).toBe(401);
  });

  it('limits each member on their own: the next read is refused with Retry-After, another member is not', async () => {
    const [a, b] = [await signUpAndLogin(t), await signUpAndLogin(t)];
    for (let i = 0; i < UNDERSTAND_LIMIT.hits; i++) expect((await understand(t, a, { idea: IDEA })).statusCode).toBe(200);
    const refused = await understand(t, a, { idea: IDEA });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(MSG.tooManyUnderstandRequests);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(UNDERSTAND_LIMIT.windowSeconds);
    expect((await understand(t, b, { idea: IDEA })).statusCode).toBe(200);
    // A refused read is not a successful one later in the window either.
    expect((await understand(t, a, { idea: IDEA })).statusCode).toBe(429);
  });

  it('tells the web app, before any token is spent, that the offline analyst writes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.json<SiteConfig>().report_writer).toEqual({ offline: true });
    // No EVIDENCE_SOURCES here: the privacy note must not claim search terms leave.
    expect(res.json<SiteConfig>().prior_art_search).toBe(false);
  });
});

describe('POST /reports/understand with a model over HTTP', () => {
  let llm: FakeOpenAI;
  let t: TestApp;
  beforeAll(async () => {
    llm = await startFakeOpenAI({ delayToFirstTokenMs: 0, tokensPerSecond: Infinity });
    t = await createTestApp({
      ...modelEnv(llm),
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('reads the idea with one model call, names the model, and logs the call with its tokens', async () => {
    const m = await signUpAndLogin(t);
    llm.reset();
    // The model answers the record's schema; it names the product as the idea writes it.
    llm.enqueue({ kind: 'edit', edit: (answer) => ({ ...(answer as object), name: 'HydroSeal-X', name_stated: true }) });
    const before = await balance(t, m);
    const res = await understand(t, m, { idea: IDEA });
    expect(res.statusCode).toBe(200);
    const body = res.json<UnderstandIdeaResponse>();
    expect(body.writer).toEqual({ offline: false, provider: 'openai-compatible', model: 'fake-model' });
    expect(body.record.name).toBe('HydroSeal-X');
    expect(llm.requests).toHaveLength(1);
    expect(await balance(t, m)).toBe(before);
    const calls = await llmCalls(t, m.user.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ provider: 'openai-compatible', model: 'fake-model', outcome: 'ok' });
    expect(calls[0]!.input_tokens).toBeGreaterThan(0);
    expect(calls[0]!.output_tokens).toBeGreaterThan(0);
  });

  it('answers 503 with a detail when the model fails, and still logs the call', async () => {
    const m = await signUpAndLogin(t);
    llm.reset();
    llm.enqueue({ kind: 'server-error', status: 500 });
    const res = await understand(t, m, { idea: IDEA });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(MSG.understandFailed);
    const calls = await llmCalls(t, m.user.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ provider: 'openai-compatible', model: 'fake-model', outcome: 'provider_unavailable' });
  });

  it('tells the web app a model writes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.json<SiteConfig>().report_writer).toEqual({ offline: false });
  });
});
