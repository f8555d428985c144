import { MSG, OTP } from '@assay/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin, uniqueEmail, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { unseal } from '../../lib/sealed.ts';

/** Decision 190: authenticator codes, recovery codes, and the sign-in code step under decision 160's rules. */
const WRONG_PER_ACCOUNT = 6;
const TRUSTED_FAILURES = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    OTP_WRONG_CODES_PER_ACCOUNT: String(WRONG_PER_ACCOUNT),
    TRUSTED_DEVICE_FAILURES: String(TRUSTED_FAILURES),
    RATE_LIMIT_OTP_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  });
});
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

/** The code an app shows `offsetSteps` time steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

const post = (m: Member, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, headers: m.auth, ...(payload ? { payload } : {}) });

async function loginRaw(email: string, opts: { ip?: string; device?: string; password?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password: opts.password ?? GOOD_PASSWORD },
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.device ? { cookies: { assay_device: opts.device } } : {}),
  });
}

const secondFactor = (challenge: string, code: string, opts: { ip?: string; device?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: { challenge, code },
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.device ? { cookies: { assay_device: opts.device } } : {}),
  });

async function challengeFor(email: string, opts: { ip?: string; device?: string } = {}) {
  const res = await loginRaw(email, opts);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
  return body.challenge as string;
}

/** A member with an authenticator on: her secret, recovery codes, and the last step used. */
async function memberWithTotp() {
  const m = await signUpAndLogin(t, { email: uniqueEmail('totp') });
  const setup = await post(m, 'totp/setup', { password: GOOD_PASSWORD });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  // Enrolled with the previous step's code, so the current and next ones are still unused.
  const enable = await post(m, 'totp/enable', { code: codeAt(secret, -1) });
  expect(enable.statusCode).toBe(200);
  return { m, secret: secret as string, recovery: enable.json().recovery_codes as string[] };
}

/** The mail queued to an address with this subject (sent by the mail worker). */
async function mailWithSubject(email: string, subject: string) {
  const r = await t.db.query<{ text: string }>(
    `SELECT data->>'text' AS text FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' = $2`,
    [email, subject],
  );
  if (!r.rows[0]) throw new Error(`no mail "${subject}" to ${email}`);
  return r.rows[0];
}

const deviceCookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'assay_device')?.value;
const refreshCookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'assay_refresh')?.value;

describe('enrolling an authenticator', () => {
  it('asks for the password, shows the secret and QR code once, and keeps only a sealed secret', async () => {
    const m = await signUpAndLogin(t, { email: uniqueEmail('enrol') });
    const wrong = await post(m, 'totp/setup', { password: 'Wrong-passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(MSG.wrongCurrentPassword);

    const setup = await post(m, 'totp/setup', { password: GOOD_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Assay:/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg/);
    const row = (await t.db.query<Record<string, unknown>>('SELECT * FROM totp_factors WHERE user_id = $1', [m.user.id])).rows[0]!;
    expect(row.confirmed_at).toBeNull();
    expect(JSON.stringify(row)).not.toContain(secret);

    // Not on until a code from the app is typed; a wrong one is refused.
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/security', headers: m.auth });
    expect(status.json()).toEqual({ can_use_totp: true, totp_enabled: false, recovery_codes_left: 0 });
    const bad = await post(m, 'totp/enable', { code: codeAt(secret, 3) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('second_factor_invalid');

    const on = await post(m, 'totp/enable', { code: codeAt(secret) });
    expect(on.statusCode).toBe(200);
    const codes: string[] = on.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [m.user.id]);
    expect(stored.rows).toHaveLength(10);
    expect(JSON.stringify(stored.rows)).not.toContain(codes[0]!.replace(/-/g, ''));

    const after = await t.app.inject({ method: 'GET', url: '/api/auth/security', headers: m.auth });
    expect(after.json()).toEqual({ can_use_totp: true, totp_enabled: true, recovery_codes_left: 10 });
    // A second set-up would replace the working authenticator: refused while it is on.
    expect((await post(m, 'totp/setup', { password: GOOD_PASSWORD })).statusCode).toBe(409);
    const mail = await mailWithSubject(m.email, 'Assay: Two-factor sign-in was turned on');
    expect(mail.text).toContain('authenticator app was added');
  });

  it('the sealed secret opens only under the server secret it was sealed with', async () => {
    const { m, secret } = await memberWithTotp();
    const row = (await t.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM totp_factors WHERE user_id = $1', [m.user.id]))
      .rows[0]!;
    expect(unseal(t.config.JWT_SECRET, 'totp-secret', row.secret_sealed)).toBe(secret);
    expect(() => unseal('another-secret-another-secret-another-1', 'totp-secret', row.secret_sealed)).toThrow();
  });
});

describe('signing in with the second factor', () => {
  it('a right password answers a challenge, not a session or a trusted-device cookie', async () => {
    const { m, secret } = await memberWithTotp();
    const res = await loginRaw(m.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('access_token');
    expect(refreshCookieOf(res)).toBeUndefined();
    expect(deviceCookieOf(res)).toBeUndefined();
    const challenge = res.json().challenge;

    const done = await secondFactor(challenge, codeAt(secret));
    expect(done.statusCode).toBe(200);
    const session = done.json();
    expect(session.user.email).toBe(m.email);
    expect(refreshCookieOf(done)).toBeTruthy();
    expect(deviceCookieOf(done)).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.statusCode).toBe(200);
    // The challenge is spent with the sign-in.
    expect((await secondFactor(challenge, codeAt(secret, 1))).statusCode).toBe(401);
  });

  it('refuses a used code on replay, even on a new challenge', async () => {
    const { m, secret } = await memberWithTotp();
    const code = codeAt(secret);
    expect((await secondFactor(await challengeFor(m.email), code)).statusCode).toBe(200);
    const replay = await secondFactor(await challengeFor(m.email), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toBe(MSG.secondFactorFailed);
    // Two requests racing with one fresh code: exactly one signs in.
    const fresh = codeAt(secret, 1);
    const [a, b] = await Promise.all([secondFactor(await challengeFor(m.email), fresh), secondFactor(await challengeFor(m.email), fresh)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('accepts a phone clock one step behind or ahead, not two', async () => {
    const { m, secret } = await memberWithTotp();
    const lastStep = () => t.db.query('UPDATE totp_factors SET last_step = 0 WHERE user_id = $1', [m.user.id]);
    await lastStep();
    expect((await secondFactor(await challengeFor(m.email), codeAt(secret, -2))).statusCode).toBe(400);
    expect((await secondFactor(await challengeFor(m.email), codeAt(secret, 2))).statusCode).toBe(400);
    expect((await secondFactor(await challengeFor(m.email), codeAt(secret, -1))).statusCode).toBe(200);
    await lastStep();
    expect((await secondFactor(await challengeFor(m.email), codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('takes each recovery code once, with or without dashes and in any case', async () => {
    const { m, recovery } = await memberWithTotp();
    const first = await secondFactor(await challengeFor(m.email), recovery[0]!.toUpperCase());
    expect(first.statusCode).toBe(200);
    const again = await secondFactor(await challengeFor(m.email), recovery[0]!);
    expect(again.statusCode).toBe(400);
    expect((await secondFactor(await challengeFor(m.email), recovery[1]!.replace(/-/g, ''))).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/security', headers: m.auth });
    expect(status.json().recovery_codes_left).toBe(8);
  });

  it('refuses malformed codes and challenges with a clear 4xx', async () => {
    const { m } = await memberWithTotp();
    const challenge = await challengeFor(m.email);
    const bad = await secondFactor(challenge, '12345');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe(MSG.secondFactorCodeInvalid);
    const unknown = await secondFactor('x'.repeat(32), '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe(MSG.secondFactorExpired);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge: 'a\u0000b', code: 1 },
    });
    expect(garbage.statusCode).toBeLessThan(500);
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
  });

  it(`a challenge takes ${OTP.maxAttempts} codes, then the password is asked again`, async () => {
    const { m, secret } = await memberWithTotp();
    const challenge = await challengeFor(m.email);
    // Wrong codes from a browser the owner used before: its budget is TRUSTED_FAILURES, so use recovery-shaped guesses.
    for (let i = 0; i < OTP.maxAttempts; i++) expect((await secondFactor(challenge, 'zzzz-zzzz-zzzz')).statusCode).toBe(400);
    const spent = await secondFactor(challenge, codeAt(secret));
    expect(spent.statusCode).toBe(401);
    expect(spent.json().code).toBe('second_factor_expired');
  });

  it('an expired challenge opens nothing', async () => {
    const { m, secret } = await memberWithTotp();
    const challenge = await challengeFor(m.email);
    await t.db.query(`UPDATE sign_in_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [m.user.id]);
    expect((await secondFactor(challenge, codeAt(secret))).statusCode).toBe(401);
  });
});

describe('the code step against strangers (decision 160 rules)', () => {
  it('guessing: someone with the password gets at most OTP_WRONG_CODES_PER_ACCOUNT wrong codes a window, from any address', async () => {
    const { m, secret } = await memberWithTotp();
    for (let i = 0; i < WRONG_PER_ACCOUNT; i++) {
      // A new challenge and a new address for every guess: neither resets the account's budget.
      const res = await secondFactor(await challengeFor(m.email), codeAt(secret, 5 + i));
      expect(res.statusCode).toBe(400);
    }
    const locked = await secondFactor(await challengeFor(m.email), codeAt(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe(MSG.secondFactorTooManyAttempts);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('abuse: strangers who spent the account budget cannot keep the owner out of her known browser or her recovery codes', async () => {
    const { m, secret, recovery } = await memberWithTotp();
    // The owner's browser from an earlier full sign-in.
    const first = await secondFactor(await challengeFor(m.email), codeAt(secret));
    const ownDevice = deviceCookieOf(first)!;
    await t.db.query('UPDATE totp_factors SET last_step = 0 WHERE user_id = $1', [m.user.id]);

    for (let i = 0; i < WRONG_PER_ACCOUNT; i++) await secondFactor(await challengeFor(m.email), codeAt(secret, 5 + i));
    expect((await secondFactor(await challengeFor(m.email), codeAt(secret, 1))).statusCode).toBe(429);

    // Her own browser: its own budget, her code works.
    const own = await secondFactor(await challengeFor(m.email, { device: ownDevice }), codeAt(secret), { device: ownDevice });
    expect(own.statusCode).toBe(200);
    // A new browser of hers: a recovery code is not held back by the strangers' failures.
    const fresh = await secondFactor(await challengeFor(m.email), recovery[0]!);
    expect(fresh.statusCode).toBe(200);
  });

  it('a known browser has a small budget of its own, so a stolen device cookie is no way around the limit', async () => {
    const { m, secret } = await memberWithTotp();
    const device = deviceCookieOf(await secondFactor(await challengeFor(m.email), codeAt(secret)))!;
    for (let i = 0; i < TRUSTED_FAILURES; i++) {
      expect((await secondFactor(await challengeFor(m.email, { device }), codeAt(secret, 5 + i), { device })).statusCode).toBe(400);
    }
    expect((await secondFactor(await challengeFor(m.email, { device }), codeAt(secret, 1), { device })).statusCode).toBe(429);
  });

  it('a device cookie of another account counts against this account, not a budget of its own', async () => {
    const a = await memberWithTotp();
    const b = await memberWithTotp();
    const bDevice = deviceCookieOf(await secondFactor(await challengeFor(b.m.email), codeAt(b.secret)))!;
    for (let i = 0; i < WRONG_PER_ACCOUNT; i++) {
      await secondFactor(await challengeFor(a.m.email, { device: bDevice }), codeAt(a.secret, 5 + i), { device: bDevice });
    }
    expect((await secondFactor(await challengeFor(a.m.email), codeAt(a.secret))).statusCode).toBe(429);
  });
});

describe('turning it off and new recovery codes', () => {
  it('asks for the password, mails the member, and sign-in asks for the password only again', async () => {
    const { m, secret } = await memberWithTotp();
    expect((await post(m, 'totp/disable', { password: 'Wrong-passw0rd' })).statusCode).toBe(400);
    const off = await post(m, 'totp/disable', { password: GOOD_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(MSG.totpDisabled);
    const mail = await mailWithSubject(m.email, 'Assay: Two-factor sign-in was turned off');
    expect(mail.text).toContain('/profile#security');
    const login = await loginRaw(m.email);
    expect(login.json()).toHaveProperty('access_token');
    expect((await post(m, 'totp/disable', { password: GOOD_PASSWORD })).statusCode).toBe(400);
    void secret;
  });

  it('new recovery codes replace the old ones', async () => {
    const { m, recovery } = await memberWithTotp();
    const res = await post(m, 'recovery-codes', { password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect((await secondFactor(await challengeFor(m.email), recovery[0]!)).statusCode).toBe(400);
    expect((await secondFactor(await challengeFor(m.email), fresh[0]!)).statusCode).toBe(200);
  });

  it('needs a session: without one every settings call is a 401', async () => {
    for (const url of ['totp/setup', 'totp/enable', 'totp/disable', 'recovery-codes']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload: { password: GOOD_PASSWORD, code: '123456' } });
      expect(res.statusCode).toBe(401);
    }
  });
});
