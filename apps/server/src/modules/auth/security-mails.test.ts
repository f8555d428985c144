import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Security notices (decision 190): a new browser signing in. Password and second-factor notices are tested beside their changes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_OTP_PER_IP: '1000' });
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const NEW_SIGN_IN = 'Assay: New sign-in to your account';

const queued = async (email: string, subject: string) =>
  (
    await t.db.query<{ text: string; html: string }>(
      `SELECT data->>'text' AS text, data->>'html' AS html FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' = $2`,
      [email, subject],
    )
  ).rows;

const loginFrom = (email: string, opts: { device?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password: GOOD_PASSWORD },
    headers: { 'user-agent': FIREFOX },
    remoteAddress: '203.0.113.99',
    ...(opts.device ? { cookies: { assay_device: opts.device } } : {}),
  });

describe('new sign-in notice', () => {
  it('is not sent for an account’s first sign-in; is sent, naming browser, system and address, for a new browser; not for a known one', async () => {
    const m = await signUpAndLogin(t);
    expect(await queued(m.email, NEW_SIGN_IN)).toEqual([]);

    const res = await loginFrom(m.email);
    expect(res.statusCode).toBe(200);
    const [notice, ...more] = await queued(m.email, NEW_SIGN_IN);
    expect(more).toEqual([]);
    expect(notice!.text).toContain('Firefox 128 on Windows 10, address 203.0.113.99');
    expect(notice!.text).toContain(`${t.config.PUBLIC_URL}/profile#security`);
    expect(notice!.text).not.toMatch(/reply/i);

    const device = res.cookies.find((c) => c.name === 'assay_device')!.value;
    expect((await loginFrom(m.email, { device })).statusCode).toBe(200);
    expect(await queued(m.email, NEW_SIGN_IN)).toHaveLength(1);
  });

  it('a hostile user agent does not reach the html as markup', async () => {
    const m = await signUpAndLogin(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: m.email, password: GOOD_PASSWORD },
      headers: { 'user-agent': '<img src=x onerror=alert(1)>' },
    });
    const [notice] = await queued(m.email, NEW_SIGN_IN);
    expect(notice!.html).not.toContain('<img src=x');
  });
});
