import { basicAuthorization, CONTACT_REASONS, MSG, type ContactSubmission } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';

const ADMIN = { username: 'support', password: 'Support-Pass-2025' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN, { CONTACT_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const valid = (over: Record<string, unknown> = {}) => ({
  reason: 'ip_licensing',
  name: 'Meera Iyer',
  phone: '+91 98765 43210',
  email: 'meera@example.com',
  message: 'We would like to license our sensor patent.',
  ...over,
});
const send = (payload: object, remoteAddress = freshIp()) => t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_submissions')).rows[0]!.n;

describe('POST /contact', () => {
  it('stores a submission with its time and thanks the visitor', async () => {
    const res = await send(valid({ email: 'Meera@Example.com ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.contactThanks });
    const row = (
      await t.db.query<{ reason: string; email: string; submitted_at: Date }>(
        'SELECT reason, email, submitted_at FROM contact_submissions ORDER BY submitted_at DESC LIMIT 1',
      )
    ).rows[0]!;
    expect(row).toMatchObject({ reason: 'ip_licensing', email: 'meera@example.com' });
    expect(Date.now() - row.submitted_at.getTime()).toBeLessThan(60_000);
  });

  it('accepts a message without a reason (the RTTP form) and every listed reason', async () => {
    const { reason: _r, ...noReason } = valid();
    expect((await send(noReason)).statusCode).toBe(200);
    expect((await send(valid({ reason: null }))).statusCode).toBe(200);
    for (const reason of CONTACT_REASONS) expect((await send(valid({ reason }))).statusCode, reason).toBe(200);
  });

  it.each([
    [{ name: '' }, MSG.nameRequired],
    [{ name: undefined }, MSG.nameRequired],
    [{ phone: '' }, MSG.phoneRequired],
    [{ email: '' }, MSG.emailRequired],
    [{ email: 'not-an-email' }, MSG.emailInvalid],
    [{ message: '   ' }, MSG.messageRequired],
    [{ message: 'x' }, MSG.messageTooShort],
    [{ message: '  too short  ' }, MSG.messageTooShort],
    [{ phone: '12' }, MSG.phoneInvalid],
    [{ phone: '12345 678' }, MSG.phoneInvalid],
    [{ phone: 'call me maybe' }, MSG.phoneInvalid],
    [{ phone: '98765-43210 ext' }, MSG.phoneInvalid],
    [{ message: 'x'.repeat(5001) }, MSG.messageTooLong],
    [{ reason: 'spam' }, MSG.reasonRequired],
    [{ reason: '' }, MSG.reasonRequired],
  ])('refuses %j with the spec message and stores nothing', async (patch, detail) => {
    const before = await count();
    const res = await send(valid(patch));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    expect(await count()).toBe(before);
  });

  it('accepts the phone shapes sign-up accepts and a message of exactly the minimum', async () => {
    for (const phone of ['9876543210', '+91 98765 43210', '(555) 010-0199', '+1-555-010-0199']) {
      expect((await send(valid({ phone }))).statusCode, phone).toBe(200);
    }
    expect((await send(valid({ message: ' 0123456789 ' }))).statusCode).toBe(200);
  });

  it('stores the reason the RTTP form asks for, and which form sent it', async () => {
    const res = await send(valid({ reason: 'funding_strategy', form: 'rttp', email: 'rttp.reason@example.com' }));
    expect(res.statusCode).toBe(200);
    const row = (
      await t.db.query<{ reason: string; form: string }>(
        `SELECT reason, form FROM contact_submissions WHERE email = 'rttp.reason@example.com'`,
      )
    ).rows[0];
    expect(row).toEqual({ reason: 'funding_strategy', form: 'rttp' });
    expect((await send(valid({ form: 'elsewhere' }))).statusCode).toBe(422);
  });

  it('limits each client address to a few messages in ten minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await send(valid(), ip)).statusCode).toBe(200);
    const limited = await send(valid(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe(MSG.contactTooMany);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(valid(), freshIp())).statusCode).toBe(200);
  });
});

describe('operator view of submissions', () => {
  beforeEach(async () => {
    await t.db.query('DELETE FROM contact_submissions');
    const rows: [string, string, string, string][] = [
      ['Asha Rao', 'asha@uni.example', 'Licensing a battery patent', '2025-07-01T08:00:00Z'],
      ['Ben Ode', 'ben@lab.example', 'Spin-out questions', '2025-07-15T23:30:00Z'],
      ['Chen Li', 'chen@corp.example', 'Please call about custom pricing', '2025-07-16T00:30:00Z'],
      ['=cmd|calc', '+danger@x.example', 'line one\n"quoted", line two\n@SUM(1)', '2025-07-20T12:00:00Z'],
    ];
    for (const [name, email, message, at] of rows) {
      await t.db.query(
        `INSERT INTO contact_submissions (reason, name, phone, email, message, submitted_at) VALUES ('other', $1, '+1 555 0100', $2, $3, $4)`,
        [name, email, message, at],
      );
    }
  });
  const get = (url: string, headers: Record<string, string> = asAdmin) => t.app.inject({ method: 'GET', url, headers });
  const names = (res: { json: () => unknown }) => (res.json() as ContactSubmission[]).map((s) => s.name);

  it('are for operators only', async () => {
    expect((await get('/api/contact/submissions', {})).statusCode).toBe(401);
    expect((await get('/api/contact/export', {})).statusCode).toBe(401);
  });

  it('lists every submission newest first with the spec fields', async () => {
    const res = await get('/api/contact/submissions');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['=cmd|calc', 'Chen Li', 'Ben Ode', 'Asha Rao']);
    expect(Object.keys(res.json()[0]).sort()).toEqual([
      'email',
      'form',
      'handled_at',
      'handled_by',
      'id',
      'message',
      'name',
      'phone',
      'reason',
      'submitted_at',
    ]);
  });

  it('searches name, email and message case-insensitively', async () => {
    expect(names(await get('/api/contact/submissions?q=BATTERY'))).toEqual(['Asha Rao']);
    expect(names(await get('/api/contact/submissions?q=lab.example'))).toEqual(['Ben Ode']);
    expect(names(await get('/api/contact/submissions?q=chen'))).toEqual(['Chen Li']);
    expect(names(await get('/api/contact/submissions?q=100%25'))).toEqual([]);
  });

  it('filters by date, the end date counting as the whole day', async () => {
    expect(names(await get('/api/contact/submissions?from=2025-07-15&to=2025-07-15'))).toEqual(['Ben Ode']);
    expect(names(await get('/api/contact/submissions?from=2025-07-16'))).toEqual(['=cmd|calc', 'Chen Li']);
    expect(names(await get(`/api/contact/submissions?to=${encodeURIComponent('2025-07-16T06:30:00+05:30')}`))).toEqual([
      'Chen Li',
      'Ben Ode',
      'Asha Rao',
    ]);
    // Days in the operator's zone: Ben's 23:30 UTC on the 15th is 05:00 on the 16th in Kolkata,
    // and Chen's 00:30 UTC is 06:00 there; in New York Ben's message is 19:30 on the 15th.
    expect(names(await get('/api/contact/submissions?from=2025-07-16&to=2025-07-16&tz=Asia/Kolkata'))).toEqual(['Chen Li', 'Ben Ode']);
    expect(names(await get('/api/contact/submissions?from=2025-07-15&to=2025-07-15&tz=Asia/Kolkata'))).toEqual([]);
    expect(names(await get('/api/contact/submissions?from=2025-07-15&to=2025-07-15&tz=America/New_York'))).toEqual(['Chen Li', 'Ben Ode']);
    expect(names(await get('/api/contact/submissions?to=2025-07-15&tz=America/New_York'))).toEqual(['Chen Li', 'Ben Ode', 'Asha Rao']);
    expect((await get('/api/contact/submissions?from=2025-07-16&tz=Mars/Olympus')).statusCode).toBe(422);
    // 23:30 local in Los Angeles on 10 July is 06:30 UTC on the 11th: it belongs to the 10th there.
    await t.db.query(`INSERT INTO contact_submissions (reason, name, phone, email, message, submitted_at)
      VALUES ('other', 'Late Larry', '+1 555 0100', 'larry@example.com', 'Sent just before midnight', '2025-07-11T06:30:00Z')`);
    const la = (day: string) => get(`/api/contact/submissions?from=${day}&to=${day}&tz=America/Los_Angeles`);
    expect(names(await la('2025-07-10'))).toEqual(['Late Larry']);
    expect(names(await la('2025-07-11'))).toEqual([]);
    for (const bad of ['2025-02-30', 'yesterday', '0000-01-01']) {
      expect((await get(`/api/contact/submissions?from=${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('pages on request and gives the total in X-Total-Count', async () => {
    const res = await get('/api/contact/submissions?page=2&limit=3');
    expect(names(res)).toEqual(['Asha Rao']);
    expect(res.headers['x-total-count']).toBe('4');
  });

  it('answers at most one page even without `page`, with the total and where the next page starts', async () => {
    await t.db.query(`INSERT INTO contact_submissions (reason, name, phone, email, message, submitted_at)
      SELECT 'other', 'Bulk ' || i, '+1 555 0100', 'bulk' || i || '@x.example', 'Hello', '2025-06-01T00:00:00Z'::timestamptz + i * interval '1 minute'
        FROM generate_series(1, 60) i`);
    const res = await get('/api/contact/submissions');
    expect(res.json()).toHaveLength(50);
    expect(res.headers['x-total-count']).toBe('64');
    const rest = await get(`/api/contact/submissions?cursor=${res.headers['x-next-cursor']}`);
    expect(rest.json()).toHaveLength(14);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    expect(new Set([...names(res), ...names(rest)]).size).toBe(64);
  });

  it('walks every submission once by cursor while new ones arrive, and refuses a cursor it did not issue', async () => {
    // Several at the same instant: the id decides their order, and no page boundary loses one.
    await t.db.query(`INSERT INTO contact_submissions (reason, name, phone, email, message, submitted_at)
      SELECT 'other', 'Same ' || i, '+1 555 0100', 'same' || i || '@x.example', 'Hello', '2025-07-10T10:00:00.123456Z' FROM generate_series(1, 5) i`);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await get(`/api/contact/submissions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...(res.json() as ContactSubmission[]).map((s) => s.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      await t.db.query(
        `INSERT INTO contact_submissions (name, phone, email, message) VALUES ('Late', '+1 555 0101', 'late@x.example', 'Arrived mid-walk')`,
      );
    } while (cursor);
    const all = await t.db.query<{ id: string }>(
      `SELECT id FROM contact_submissions WHERE name <> 'Late' ORDER BY submitted_at DESC, id DESC`,
    );
    expect(seen).toEqual(all.rows.map((r) => r.id));
    const bad = await get('/api/contact/submissions?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(MSG.invalidCursor);
  });

  it('exports a CSV file that a spreadsheet opens safely', async () => {
    const res = await get('/api/contact/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contact-submissions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body.split('\r\n')[0]).toBe('Submitted at (UTC),Form,Reason,Name,Email,Phone,Message,Handled at (UTC),Handled by,ID');
    // ISO instants with their zone, and reasons as the form offered them, not their codes.
    expect(body).toMatch(/\r\n\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,(Contact page|RTTP request),/);
    expect(body).not.toMatch(/,ip_licensing,/);
    expect(body).toContain(`'=cmd|calc,'+danger@x.example,'+1 555 0100,"line one\n""quoted"", line two\n@SUM(1)"`);
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(5);
    const filtered = await get('/api/contact/export?q=battery');
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const audit = await t.db.query(`SELECT details FROM operator_audit_log WHERE action = 'contact.export'`);
    expect(audit.rows.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the CSV export streams', () => {
  it('sends rows a page at a time (keyset, ties broken by id), without building the file first', async () => {
    await t.db.query('DELETE FROM contact_submissions');
    // 1,234 messages, many sharing a timestamp to the microsecond, each ~1 KB.
    await t.db.query(
      `INSERT INTO contact_submissions (reason, name, phone, email, message, submitted_at, form)
       SELECT 'other', 'Sender ' || g, '+1 555 0100', 'sender' || g || '@x.example', repeat('m', 1000),
              timestamptz '2025-08-01T00:00:00.123456Z' - ((g / 7) || ' seconds')::interval, 'contact'
         FROM generate_series(1, 1234) g`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/contact/export', headers: asAdmin, payloadAsStream: true });
    expect(res.statusCode).toBe(200);
    // Streamed: no length known up front; the body arrives as several writes, one per page.
    expect(res.headers['content-length']).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const total = chunks.reduce((n, c) => n + c.length, 0);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(total / 2);

    const lines = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(1 + 1234);
    const ids = lines.slice(1).map((l) => l.split(',').at(-1));
    expect(new Set(ids).size).toBe(1234);
    const expected = await t.db.query<{ id: string }>('SELECT id FROM contact_submissions ORDER BY submitted_at DESC, id DESC');
    expect(ids).toEqual(expected.rows.map((r) => r.id));
    const audit = await t.db.query<{ details: { count: number; complete: boolean } }>(
      `SELECT details FROM operator_audit_log WHERE action = 'contact.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]!.details).toMatchObject({ count: 1234, complete: true });
  });
});

describe('handling and erasing submissions', () => {
  const latest = async () =>
    (await t.db.query<{ id: string }>('SELECT id FROM contact_submissions ORDER BY submitted_at DESC, id DESC LIMIT 1')).rows[0]!.id;
  const mark = (id: string, handled: unknown, headers: Record<string, string> = asAdmin) =>
    t.app.inject({ method: 'POST', url: `/api/contact/submissions/${id}/handled`, headers, payload: { handled } });

  it('marks a submission handled by the operator, keeps the first marker, reopens it, and logs each change', async () => {
    expect((await send(valid({ email: 'handled@example.com' }))).statusCode).toBe(200);
    const id = await latest();
    const done = await mark(id, true);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, handled_by: ADMIN.username });
    expect(Date.parse(done.json().handled_at)).toBeGreaterThan(Date.now() - 60_000);
    // The list shows it handled; marking again changes nothing and logs nothing.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/contact/submissions?q=handled%40example', headers: asAdmin })).json<
      ContactSubmission[]
    >();
    expect(listed[0]).toMatchObject({ id, handled_by: ADMIN.username });
    expect((await mark(id, true)).json().handled_at).toBe(done.json().handled_at);
    const reopened = await mark(id, false);
    expect(reopened.json()).toMatchObject({ handled_at: null, handled_by: null });
    const log = await t.db.query<{ action: string }>(`SELECT action FROM operator_audit_log WHERE target = $1 ORDER BY id`, [
      `contact:${id}`,
    ]);
    expect(log.rows.map((r) => r.action)).toEqual(['contact.handled', 'contact.reopened']);
  });

  it('erases a submission for good, logging that it happened but not who wrote or what', async () => {
    expect((await send(valid({ email: 'forget.me@example.com', message: 'Please forget this private message.' }))).statusCode).toBe(200);
    const id = await latest();
    const before = await count();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/contact/submissions/${id}`, headers: asAdmin });
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
    const list = await t.app.inject({ method: 'GET', url: '/api/contact/submissions', headers: asAdmin });
    expect(Number(list.headers['x-total-count'])).toBe(before - 1);
    const entry = (
      await t.db.query<{ details: object }>(`SELECT details FROM operator_audit_log WHERE action = 'contact.erase' AND target = $1`, [
        `contact:${id}`,
      ])
    ).rows[0]!;
    expect(JSON.stringify(entry.details)).not.toMatch(/forget|private/i);
    // Again: it is gone.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/contact/submissions/${id}`, headers: asAdmin })).statusCode).toBe(404);
  });

  it('answers unknown or malformed ids with 404, a bad body with 422, and strangers with 401', async () => {
    const id = await latest();
    expect((await mark('00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    expect((await mark('not-a-uuid', true)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/contact/submissions/not-a-uuid', headers: asAdmin })).statusCode).toBe(404);
    const bad = await mark(id, 'yes');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBeTruthy();
    expect((await mark(id, true, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/contact/submissions/${id}` })).statusCode).toBe(401);
  });
});
