import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { MAIL_NAMES } from './index.ts';

/** The operators' preview of every mail (decision 240): development only, operators only. */
const URL = '/api/admin/mail-previews';
const OPERATOR_PASSWORD = 'correct horse battery staple';
const ops = { authorization: `Basic ${Buffer.from(`ops:${OPERATOR_PASSWORD}`).toString('base64')}` };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp({ username: 'ops', password: OPERATOR_PASSWORD });
});
afterAll(() => t.close());

describe('the mail preview', () => {
  it('lists every template drawn with its sample data, text and HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: ops });
    expect(res.statusCode, res.body).toBe(200);
    const previews = res.json<Array<{ name: string; about: string; subject: string; text: string; html: string }>>();
    expect(previews.map((p) => p.name)).toEqual(MAIL_NAMES);
    for (const p of previews) {
      expect(p.subject, p.name).not.toBe('');
      expect(p.text, p.name).toMatch(/^Hi /);
      expect(p.html, p.name).toMatch(/^<!doctype html>/);
      // Sample links point at this server, as composed mail does.
      expect(p.text, p.name).not.toContain('undefined');
    }
    expect(previews.find((p) => p.name === 'reportReady')!.text).toContain(`${t.config.PUBLIC_URL}/reports?report=`);
  });

  it('is 401 without operator credentials, a member\u2019s token included', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'admin_auth_required' });
    const m = await signUpAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: m.auth })).statusCode).toBe(401);
  });
});

describe('the mail preview in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    // The offline writer and sandbox payments on purpose: only the preview is under test.
    prod = await createOperatorTestApp(
      { username: 'ops', password: OPERATOR_PASSWORD },
      {
        NODE_ENV: 'production',
        REPORT_WRITER: 'offline',
        PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      },
    );
  });
  afterAll(() => prod.close());

  it('does not exist, even for an operator', async () => {
    expect(prod.config.NODE_ENV).toBe('production');
    expect((await prod.app.inject({ method: 'GET', url: URL, headers: ops })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: URL })).statusCode).toBe(404);
    // The operator's other calls are there: it is this route that is missing, not the panel.
    expect((await prod.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: ops })).statusCode).toBe(200);
  });
});
