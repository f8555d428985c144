import { MSG, type SessionResponse } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Tight limits so the rate-limit rules can be reached; every test signs in from its own address. */
const PER_ACCOUNT = 3;
const PER_IP = 5;
const TRUSTED_FAILURES = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_LOGIN_PER_ACCOUNT: String(PER_ACCOUNT),
    RATE_LIMIT_LOGIN_PER_IP: String(PER_IP),
    TRUSTED_DEVICE_FAILURES: String(TRUSTED_FAILURES),
  });
});
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const loginForm = (fields: Record<string, string>, ip: string, deviceCookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    ...(deviceCookie ? { cookies: { assay_device: deviceCookie } } : {}),
  });

/** Signs in once from the owner's browser and answers the device cookie it was given. */
async function ownerBrowser(email: string, ip: string) {
  const res = await loginForm({ username: email, password: GOOD_PASSWORD }, ip);
  expect(res.statusCode).toBe(200);
  return res.cookies.find((c) => c.name === 'assay_device')!.value;
}

const signup = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Mary Jackson', email, phone: '+1 555 010 4477', password: GOOD_PASSWORD },
  });

/** A verified password account, created through the API without signing in. */
async function verifiedAccount(email = uniqueEmail('login')) {
  expect((await signup(email)).statusCode).toBe(201);
  const { code } = await t.smtp.lastTo(email);
  const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', payload: { email, otp: code } });
  expect(verify.statusCode).toBe(200);
  return email;
}

const sessionCount = async (email: string) =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1', [
      email,
    ])
  ).rows[0]!.n;

describe('login', () => {
  it('signs in with form-encoded username and password: tokens, token_type bearer and the user', async () => {
    const email = await verifiedAccount();
    const res = await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp());
    expect(res.statusCode).toBe(200);
    const body = res.json<SessionResponse>();
    expect(body).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      user: { email, name: 'Mary Jackson', is_verified: true },
    });
    expect(body.access_token).not.toBe(body.refresh_token);
    // No password material anywhere in the answer.
    const { password_hash } = (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]))
      .rows[0]!;
    expect(res.body).not.toContain(password_hash);
    expect(res.body).not.toMatch(/password_hash|scrypt\$|google_sub/);
    expect(Object.keys(body.user)).not.toContain('password');
    // The access token works.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it('accepts the same credentials as JSON, with the email in any case', async () => {
    const email = await verifiedAccount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { username: email.toUpperCase(), password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token_type).toBe('bearer');
    expect(res.json().user.email).toBe(email);
  });

  it('answers a wrong password and an unknown email with the same 401 and opens no session', async () => {
    const email = await verifiedAccount();
    const ip = nextIp();
    const wrong = await loginForm({ username: email, password: 'WrongPassw0rd' }, ip);
    const unknown = await loginForm({ username: uniqueEmail('nobody'), password: GOOD_PASSWORD }, ip);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(MSG.invalidCredentials);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(email)).toBe(0);
  });

  it.each([
    [{ username: 'not-an-email', password: GOOD_PASSWORD }, MSG.emailInvalid],
    [{ username: '', password: GOOD_PASSWORD }, MSG.emailRequired],
    [{ password: GOOD_PASSWORD }, MSG.emailRequired],
    [{ username: 'someone@example.com', password: '12345' }, MSG.passwordMin6],
    [{ username: 'someone@example.com', password: '' }, MSG.passwordRequired],
  ])('rejects %j with 422 and the spec message', async (fields, detail) => {
    const res = await loginForm(fields as Record<string, string>, nextIp());
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
  });

  it('refuses an unverified account with 403, a clear detail, and emails a new code that verifies it', async () => {
    const email = uniqueEmail('unverified');
    expect((await signup(email)).statusCode).toBe(201);
    const first = await t.smtp.lastTo(email);
    // Past the resend window (60 s) a sign-in attempt sends a fresh code.
    await t.db.query(
      `UPDATE email_codes SET created_at = now() - interval '2 minutes'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    const res = await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp());
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(MSG.emailNotVerified);
    expect(res.json()).not.toHaveProperty('access_token');
    expect(await sessionCount(email)).toBe(0);

    const mails = t.smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(2);
    const second = mails[1]!;
    expect(second.code).toMatch(/^\d{6}$/);
    expect(first.code).toMatch(/^\d{6}$/);
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', payload: { email, otp: second.code } });
    expect(verify.statusCode).toBe(200);
    expect((await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it('does not reveal an unverified account to a wrong password (401, no code mailed)', async () => {
    const email = uniqueEmail('unverified');
    await signup(email);
    await t.smtp.lastTo(email);
    await t.db.query(
      `UPDATE email_codes SET created_at = now() - interval '2 minutes'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    const res = await loginForm({ username: email, password: 'WrongPassw0rd' }, nextIp());
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(MSG.invalidCredentials);
    expect(t.smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it(`limits failures per account for an untrusted browser: after ${PER_ACCOUNT} even the right password gets 429 with Retry-After`, async () => {
    const email = await verifiedAccount();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      // Each try from a different address: the account limit is what trips.
      const res = await loginForm({ username: email, password: 'WrongPassw0rd' }, nextIp());
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe(MSG.tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await sessionCount(email)).toBe(0);

    // The limit is per account: another account signs in normally.
    const other = await verifiedAccount();
    expect((await loginForm({ username: other, password: GOOD_PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it(`limits failures per address: after ${PER_IP} from one IP the next try from it gets 429 with Retry-After`, async () => {
    const email = await verifiedAccount();
    const ip = nextIp();
    for (let i = 0; i < PER_IP; i++) {
      const res = await loginForm({ username: uniqueEmail('spray'), password: GOOD_PASSWORD }, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginForm({ username: email, password: GOOD_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe(MSG.tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address is fine.
    expect((await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it('gives a successful sign-in an httpOnly, SameSite=Strict device cookie for /api/auth that lasts a year', async () => {
    const email = await verifiedAccount();
    const res = await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp());
    const cookie = res.cookies.find((c) => c.name === 'assay_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 365 * 86400 });
  });

  it("lets the owner's browser in after strangers' failures from many addresses, while they stay locked out", async () => {
    const email = await verifiedAccount();
    const home = nextIp();
    const device = await ownerBrowser(email, home);
    for (let i = 0; i < PER_ACCOUNT + 6; i++) {
      const res = await loginForm({ username: email, password: `Wr0ngGuess${i}` }, nextIp());
      expect([401, 429]).toContain(res.statusCode);
    }
    // An untrusted client is locked, even with the right password, from any address (hers too).
    expect((await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp())).statusCode).toBe(429);
    expect((await loginForm({ username: email, password: GOOD_PASSWORD }, home)).statusCode).toBe(429);
    // Her browser is not.
    expect((await loginForm({ username: email, password: GOOD_PASSWORD }, home, device)).statusCode).toBe(200);
  });

  it("lets the owner's browser in from an address that strangers used up", async () => {
    const email = await verifiedAccount();
    const shared = nextIp();
    const device = await ownerBrowser(email, shared);
    for (let i = 0; i < PER_IP; i++) await loginForm({ username: uniqueEmail('spray'), password: GOOD_PASSWORD }, shared);
    expect((await loginForm({ username: email, password: GOOD_PASSWORD }, shared)).statusCode).toBe(429);
    expect((await loginForm({ username: email, password: GOOD_PASSWORD }, shared, device)).statusCode).toBe(200);
  });

  it(`gives a trusted browser its own small budget: ${TRUSTED_FAILURES} failures lock that browser only`, async () => {
    const email = await verifiedAccount();
    const device = await ownerBrowser(email, nextIp());
    for (let i = 0; i < TRUSTED_FAILURES; i++) {
      expect((await loginForm({ username: email, password: `Wr0ngGuess${i}` }, nextIp(), device)).statusCode).toBe(401);
    }
    const locked = await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp(), device);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Those failures were not charged to the account: another browser signs in.
    expect((await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it('trusts a device cookie only for the account it names, and not at all when forged', async () => {
    const victim = await verifiedAccount();
    const attacker = await verifiedAccount();
    const attackerDevice = await ownerBrowser(attacker, nextIp());
    const [accountId, id] = attackerDevice.split('.');
    const victimId = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [victim])).rows[0]!.id;
    const forged = `${victimId}.${id}.${'0'.repeat(64)}`;
    expect(accountId).not.toBe(victimId);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      await loginForm({ username: victim, password: `Wr0ngGuess${i}` }, nextIp(), i % 2 ? attackerDevice : forged);
    }
    expect((await loginForm({ username: victim, password: GOOD_PASSWORD }, nextIp(), attackerDevice)).statusCode).toBe(429);
    expect((await loginForm({ username: victim, password: GOOD_PASSWORD }, nextIp(), forged)).statusCode).toBe(429);
  });

  it('never limits successful sign-ins: many in a row from one address all succeed', async () => {
    const email = await verifiedAccount();
    const ip = nextIp();
    for (let i = 0; i < PER_IP + PER_ACCOUNT + 2; i++) {
      expect((await loginForm({ username: email, password: GOOD_PASSWORD }, ip)).statusCode).toBe(200);
    }
  });

  it('records last_login at every sign-in', async () => {
    const email = await verifiedAccount();
    const lastLogin = async () =>
      (await t.db.query<{ last_login: Date | null }>('SELECT last_login FROM users WHERE email = $1', [email])).rows[0]!.last_login;
    expect(await lastLogin()).toBeNull();

    const first = await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp());
    const stored = await lastLogin();
    expect(stored).toBeInstanceOf(Date);
    expect(first.json().user.last_login).toBe(stored!.toISOString());

    await t.db.query(`UPDATE users SET last_login = now() - interval '1 day' WHERE email = $1`, [email]);
    const second = await loginForm({ username: email, password: GOOD_PASSWORD }, nextIp());
    expect(new Date(second.json().user.last_login).getTime()).toBeGreaterThan(stored!.getTime() - 1000);
    expect((await lastLogin())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
