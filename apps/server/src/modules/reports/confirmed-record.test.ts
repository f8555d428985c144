import { MSG, type InventionRecord, type Report, type UnderstandIdeaResponse } from '@assay/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@assay/report-engine/testing';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { modelEnv } from '../../../test/reports.ts';
import { adjustTokens } from '../tokens/index.ts';

const IDEA =
  'HydroSeal-X is a biodegradable hydrogel wound dressing that releases silver ions on demand when a wound becomes infected. ' +
  'Technology readiness level (TRL) 4: validated in the lab. Patent pending.';

const inject = (t: TestApp, m: Member, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...m.auth, ...headers }, ...(payload ? { payload } : {}) });
const balance = async (t: TestApp, m: Member) =>
  (await inject(t, m, 'GET', '/api/tokens/balance')).json<{ available_tokens: number }>().available_tokens;
const grant = (t: TestApp, m: Member, amount: number) =>
  t.db.transaction((tx) => adjustTokens(tx, { userId: m.user.id, amount, note: 'test funding' }));

async function waitForStatus(t: TestApp, m: Member, id: string, timeoutMs = 60_000): Promise<Report> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = (await inject(t, m, 'GET', `/api/reports/${id}`)).json<Report>();
    if (r.status !== 'processing') return r;
    if (Date.now() > end) throw new Error(`report still processing: ${JSON.stringify(r.progress)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

async function pdfText(t: TestApp, m: Member, report: Report) {
  const pdf = await t.app.inject({ method: 'GET', url: report.pdf_url!, headers: m.auth });
  expect(pdf.statusCode).toBe(200);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'assay-pdf-')), 'r.pdf');
  writeFileSync(file, pdf.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** What the member confirms: the record we read, with the name and the stage edited in the form. */
async function editedRecord(t: TestApp, m: Member): Promise<InventionRecord> {
  const understood = (await inject(t, m, 'POST', '/api/reports/understand', { idea: IDEA })).json<UnderstandIdeaResponse>();
  expect(understood.record.name).toBe('HydroSeal-X');
  return {
    ...understood.record,
    name: 'SilverGuard Dressing',
    name_stated: true,
    stage: { trl: 6, stated_text: null, label: 'Pilot' },
  };
}

describe('generating from a confirmed record, with the offline analyst', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.startWorker();
  });
  afterAll(() => t.close());

  it('still takes the spec’s {idea, complexity} body: the worker reads the record and stores it', async () => {
    const m = await signUpAndLogin(t);
    const res = await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' });
    expect(res.statusCode).toBe(201);
    const started = res.json<Report>();
    expect(started).toMatchObject({ record: null, record_confirmed: false });
    const done = await waitForStatus(t, m, started.id);
    expect(done.status).toBe('completed');
    expect(done.record_confirmed).toBe(false);
    expect(done.record).toMatchObject({ name: 'HydroSeal-X', stage: { trl: 4 } });
    expect(done.title).toBe('HydroSeal-X');
    // The list carries the record too (the details screen shows it).
    const list = (await inject(t, m, 'GET', '/api/reports')).json<{ reports: Report[] }>();
    expect(list.reports[0]).toMatchObject({ id: done.id, record: { name: 'HydroSeal-X' }, record_confirmed: false });
  });

  it('builds on the edited record: the title and the PDF use the member’s name and stated TRL', async () => {
    const m = await signUpAndLogin(t);
    const record = await editedRecord(t, m);
    const res = await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic', record });
    expect(res.statusCode).toBe(201);
    const started = res.json<Report>();
    // The title is the record's name from the first moment, not the idea's first words.
    expect(started).toMatchObject({
      title: 'SilverGuard Dressing',
      record_confirmed: true,
      record: { name: 'SilverGuard Dressing', stage: { trl: 6 } },
    });
    const done = await waitForStatus(t, m, started.id);
    expect(done.status).toBe('completed');
    expect(done.title).toBe('SilverGuard Dressing');
    expect(done.record).toEqual(record);
    const text = await pdfText(t, m, done);
    expect(text).toContain('The invention as confirmed');
    expect(text).toContain('SilverGuard Dressing');
    expect(text).toContain('Stated: TRL 6');
    expect(text).not.toContain('Stated: TRL 4');
    const download = await t.app.inject({ method: 'GET', url: done.pdf_url!, headers: m.auth });
    expect(download.headers['content-disposition']).toContain('filename="SilverGuard Dressing.pdf"');
  });
});

describe('generate’s record: validation and idempotency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['a record with no name', (r: InventionRecord) => ({ ...r, name: '   ' }), 'record.name', 'Please give the invention a name'],
    ['a TRL of 10', (r: InventionRecord) => ({ ...r, stage: { ...r.stage, trl: 10 } }), 'record.stage.trl', null],
    ['a field not on the list', (r: InventionRecord) => ({ ...r, field: 'alchemy' }), 'record.field', null],
    [
      'a control character in a feature',
      (r: InventionRecord) => ({ ...r, features: ['ok', 'bad\u0007'] }),
      'record.features.1',
      MSG.textControlCharacters,
    ],
    ['not an object', () => 'HydroSeal-X', 'record', null],
  ])('refuses %s with a detail naming what is wrong, and holds nothing', async (_name, edit, field, detail) => {
    const m = await signUpAndLogin(t);
    const record = edit(await editedRecord(t, m));
    const res = await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic', record });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ detail: string; errors: Record<string, string> }>();
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.detail).toBe(body.errors[field]);
    if (detail) expect(body.detail).toBe(detail);
    expect(body.detail.length).toBeGreaterThan(5);
    expect(await balance(t, m)).toBe(2500);
    expect((await t.db.query('SELECT 1 FROM reports WHERE user_id = $1', [m.user.id])).rows).toHaveLength(0);
  });

  it('answers a retry with the same key and record with the first report, and refuses the key with another record or none', async () => {
    const m = await signUpAndLogin(t);
    await grant(t, m, 10_000);
    const record = await editedRecord(t, m);
    const key = { 'idempotency-key': 'confirm-1' };
    const first = await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic', record }, key);
    expect(first.statusCode).toBe(201);
    // The same record sent with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(record).reverse());
    const again = await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic', record: reordered }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json<Report>().id).toBe(first.json<Report>().id);
    const other = await inject(
      t,
      m,
      'POST',
      '/api/reports/generate',
      { idea: IDEA, complexity: 'basic', record: { ...record, name: 'Another' } },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toBe(MSG.idempotencyKeyReused);
    const bare = await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' }, key);
    expect(bare.statusCode).toBe(422);
    // And a key first used without a record refuses one with a record.
    const plainKey = { 'idempotency-key': 'plain-1' };
    expect((await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' }, plainKey)).statusCode).toBe(201);
    expect((await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' }, plainKey)).statusCode).toBe(200);
    expect((await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic', record }, plainKey)).statusCode).toBe(
      422,
    );
    expect(await balance(t, m)).toBe(12_500 - 2 * 2500);
  });
});

describe('generating from a confirmed record, with a model over HTTP', () => {
  let llm: FakeOpenAI;
  let t: TestApp;
  beforeAll(async () => {
    llm = await startFakeOpenAI({ delayToFirstTokenMs: 0, tokensPerSecond: Infinity });
    t = await createTestApp({
      ...modelEnv(llm),
      REPORT_JOB_RETRY_LIMIT: '0',
    });
    await t.startWorker();
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('does not read the idea again, and keeps the member’s name and stated TRL on the PDF', async () => {
    const m = await signUpAndLogin(t);
    llm.reset();
    const understood = (await inject(t, m, 'POST', '/api/reports/understand', { idea: IDEA })).json<UnderstandIdeaResponse>();
    expect(understood.writer.offline).toBe(false);
    const record: InventionRecord = {
      ...understood.record,
      name: 'SilverGuard Dressing',
      name_stated: true,
      stage: { trl: 6, stated_text: null, label: 'Pilot' },
    };
    const started = (await inject(t, m, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic', record })).json<Report>();
    const done = await waitForStatus(t, m, started.id);
    expect(done.status).toBe('completed');
    expect(done.title).toBe('SilverGuard Dressing');
    // No model call asked for the record schema while the report was written: the confirmed one was used.
    const recordCalls = llm.requests.filter((r) => JSON.stringify(r.body).includes('Fill the invention record'));
    expect(recordCalls).toHaveLength(1);
    const text = await pdfText(t, m, done);
    expect(text).toContain('SilverGuard Dressing');
    expect(text).toContain('Stated: TRL 6');
  });
});
