import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from './index.ts';
import { resetOperatorPassword } from './recover-operator.ts';

/** ADMIN_REQUIRE_2FA: operators add an authenticator app and give its codes (decision 191). */
const PASSWORD = 'bootstrap-password-123';
const basic = (user: string, pass: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: PASSWORD, ADMIN_REQUIRE_2FA: 'true', OPERATOR_LOCKOUT_FAILURES: '3' });
  await ensureFirstOperator(t.deps);
});
afterAll(() => t.close());

const codeAt = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
const mfaCookie = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'assay_operator_mfa')?.value;
const inject = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  opts: { mfa?: string; payload?: Record<string, unknown> } = {},
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(opts.mfa ? { cookies: { assay_operator_mfa: opts.mfa } } : {}),
    ...(opts.payload ? { payload: opts.payload } : {}),
  });

async function newOperator(username: string) {
  const password = `${username}-password-123`;
  // Created through the panel by the bootstrap operator once she has her own app.
  await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
  return { username, password, auth: basic(username, password) };
}

describe('operators with ADMIN_REQUIRE_2FA=true', () => {
  let opsSecret = '';
  let opsMfa = '';
  const ops = basic('ops', PASSWORD);

  it('an operator without an app may only sign in and add one; then the code opens the panel', async () => {
    const login = await inject('POST', '/api/admin/login', ops);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ username: 'ops', second_factor: 'enrol' });
    const blocked = await inject('GET', '/api/admin/stats', ops);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('operator_2fa_enrolment_required');

    const setup = await inject('POST', '/api/admin/totp/setup', ops);
    expect(setup.statusCode).toBe(200);
    opsSecret = setup.json().secret;
    expect((await inject('POST', '/api/admin/totp/enable', ops, { payload: { otp: codeAt(opsSecret, 4) } })).statusCode).toBe(400);
    const on = await inject('POST', '/api/admin/totp/enable', ops, { payload: { otp: codeAt(opsSecret, -1) } });
    expect(on.statusCode).toBe(200);
    opsMfa = mfaCookie(on)!;
    expect(opsMfa).toBeTruthy();
    expect((await inject('GET', '/api/admin/stats', ops, { mfa: opsMfa })).statusCode).toBe(200);
    // Without the cookie the password alone is not enough any more.
    const noCookie = await inject('GET', '/api/admin/stats', ops);
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json().code).toBe('operator_second_factor_required');
    expect((await inject('POST', '/api/admin/login', ops)).json().second_factor).toBe('required');
    // A second set-up would replace the working app: refused.
    expect((await inject('POST', '/api/admin/totp/setup', ops, { mfa: opsMfa })).statusCode).toBe(409);
  });

  it('a code sets the cookie once; a used code is refused on replay', async () => {
    const code = codeAt(opsSecret);
    const first = await inject('POST', '/api/admin/second-factor', ops, { payload: { otp: code } });
    expect(first.statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/stats', ops, { mfa: mfaCookie(first)! })).statusCode).toBe(200);
    expect((await inject('POST', '/api/admin/second-factor', ops, { payload: { otp: code } })).statusCode).toBe(400);
  });

  it('a cookie is this operator’s only and ends with a new password', async () => {
    const grace = await newOperator('grace');
    expect(
      (await inject('POST', '/api/admin/operators', ops, { mfa: opsMfa, payload: { username: grace.username, password: grace.password } }))
        .statusCode,
    ).toBe(201);
    // Grace's password with the bootstrap operator's cookie: not hers, so she must enrol first.
    expect((await inject('GET', '/api/admin/stats', grace.auth, { mfa: opsMfa })).statusCode).toBe(403);
    // A forged or altered cookie opens nothing.
    expect((await inject('GET', '/api/admin/stats', ops, { mfa: `${opsMfa.slice(0, -2)}00` })).statusCode).toBe(401);

    const { password } = await resetOperatorPassword(t.db, 'grace', 12);
    const setup = await inject('POST', '/api/admin/totp/setup', basic('grace', password));
    const on = await inject('POST', '/api/admin/totp/enable', basic('grace', password), { payload: { otp: codeAt(setup.json().secret) } });
    const graceMfa = mfaCookie(on)!;
    expect((await inject('GET', '/api/admin/stats', basic('grace', password), { mfa: graceMfa })).statusCode).toBe(200);
    // The shell's reset: the cookie stops working, and the app is removed (a lost phone).
    const reset = await resetOperatorPassword(t.db, 'grace', 12);
    expect((await inject('GET', '/api/admin/stats', basic('grace', reset.password), { mfa: graceMfa })).statusCode).toBe(403);
    expect((await inject('POST', '/api/admin/login', basic('grace', reset.password))).json().second_factor).toBe('enrol');
  });

  it('guessing codes is limited per operator; the operator’s own browser keeps a budget of its own', async () => {
    await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
    // A password alone gets no device cookie (else each one would bring a fresh budget)...
    expect((await inject('POST', '/api/admin/login', ops)).cookies.find((c) => c.name === 'assay_operator_device')).toBeUndefined();
    // ...the operator's own browser got one with its last right code.
    const own = await inject('POST', '/api/admin/second-factor', ops, { payload: { otp: codeAt(opsSecret, 1) } });
    const device = own.cookies.find((c) => c.name === 'assay_operator_device')!.value;
    await t.db.query('UPDATE operator_totp_factors SET last_step = 0'); // as if time had passed
    for (let i = 0; i < 3; i++) {
      expect((await inject('POST', '/api/admin/second-factor', ops, { payload: { otp: codeAt(opsSecret, 5 + i) } })).statusCode).toBe(400);
    }
    const locked = await inject('POST', '/api/admin/second-factor', ops, { payload: { otp: codeAt(opsSecret) } });
    expect(locked.statusCode).toBe(429);
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/admin/second-factor',
      headers: ops,
      payload: { otp: codeAt(opsSecret) },
      cookies: { assay_operator_device: device },
    });
    expect(mine.statusCode).toBe(200);
  });
});
