import { MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
const valid = (email = uniqueEmail()) => ({ name: 'Grace Hopper', email, phone: '+1 (555) 010-2030', password: GOOD_PASSWORD });
const countUsers = async (email: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0]!.n;

describe('signup', () => {
  it('creates an unverified account and emails a 6-digit code over SMTP', async () => {
    const email = uniqueEmail();
    const res = await signup(valid(email));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.accountCreated);
    const mail = await t.smtp.lastTo(email);
    expect(mail.code).toMatch(/^\d{6}$/);
    const row = (
      await t.db.query<{ is_verified: boolean; password_hash: string }>('SELECT is_verified, password_hash FROM users WHERE email = $1', [
        email,
      ])
    ).rows[0]!;
    expect(row.is_verified).toBe(false);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(GOOD_PASSWORD);
    expect(res.body).not.toContain('password_hash');
  });

  it.each([
    [{ email: 'not-an-email' }, MSG.emailInvalid],
    [{ email: '' }, MSG.emailRequired],
    [{ password: 'short1A' }, MSG.passwordMin8],
    [{ password: 'alllowercase1' }, MSG.passwordComplexity],
    [{ name: 'A' }, MSG.nameMin],
    [{ phone: '12345' }, MSG.phoneInvalid],
    [{ phone: '' }, MSG.phoneRequired],
  ])('rejects %j with the spec message and writes nothing', async (patch, detail) => {
    const body = { ...valid(), ...patch };
    const res = await signup(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    if (typeof body.email === 'string' && body.email.includes('@')) expect(await countUsers(body.email)).toBe(0);
  });

  it('rejects a missing body field and malformed JSON with a 4xx detail, never a 500', async () => {
    const missing = await signup({ email: uniqueEmail() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBeTruthy();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBeTruthy();
  });

  const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));
  const verify = (email: string, otp: string | undefined, password?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', payload: { email, otp, password } });
  const loginStatus = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } })).statusCode;
  const pastResendWindow = () => t.db.query(`UPDATE email_codes SET created_at = now() - interval '2 minutes'`);

  it('emails the first person a fresh code for a second signup of an unverified email, and changes nothing stored', async () => {
    const email = uniqueEmail();
    await signup(valid(email));
    const before = (await t.db.query('SELECT name, phone, password_hash FROM users WHERE email = $1', [email])).rows[0];
    await pastResendWindow();
    const again = await signup({ ...valid(email), name: 'Grace B. Hopper', password: 'An0therPassword' });
    expect(again.statusCode).toBe(201);
    expect(again.json().message).toBe(MSG.accountCreated);
    await t.smtp.lastTo(email);
    expect(mailsTo(email)).toHaveLength(2);
    expect(mailsTo(email)[1]!.code).toMatch(/^\d{6}$/);
    expect(await countUsers(email)).toBe(1);
    expect((await t.db.query('SELECT name, phone, password_hash FROM users WHERE email = $1', [email])).rows[0]).toEqual(before);
  });

  it('answers a second signup inside the resend window with 429, honestly: no code was sent', async () => {
    const email = uniqueEmail();
    await signup(valid(email));
    const again = await signup(valid(email));
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toBe(MSG.otpResendTooSoon);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('never hands the account to a second signup: the victim verifies with her password and keeps it, the attacker is refused', async () => {
    const email = uniqueEmail('victim');
    expect((await signup(valid(email))).statusCode).toBe(201);
    const victimCode = (await t.smtp.lastTo(email)).code!;

    await pastResendWindow();
    const attacker = await signup({ ...valid(email), name: 'Mallory', password: 'Att4ckerPassword' });
    expect(attacker.statusCode).toBe(201);

    expect((await verify(email, victimCode, GOOD_PASSWORD)).statusCode).toBe(200);
    expect(await loginStatus(email, 'Att4ckerPassword')).toBe(401);
    expect(await loginStatus(email, GOOD_PASSWORD)).toBe(200);
    expect((await t.db.query('SELECT name FROM users WHERE email = $1', [email])).rows[0]).toEqual({ name: 'Grace Hopper' });
  });

  it("also keeps the victim's password when she verifies with the fresh code the attacker's signup sent her", async () => {
    const email = uniqueEmail('victim');
    await signup(valid(email));
    await pastResendWindow();
    await signup({ ...valid(email), password: 'Att4ckerPassword' });
    await t.smtp.lastTo(email);
    const fresh = mailsTo(email).at(-1)!.code!;
    expect((await verify(email, fresh, GOOD_PASSWORD)).statusCode).toBe(200);
    expect(await loginStatus(email, 'Att4ckerPassword')).toBe(401);
    expect(await loginStatus(email, GOOD_PASSWORD)).toBe(200);
  });

  it('refuses a second signup for a verified email clearly', async () => {
    const email = uniqueEmail();
    await signup(valid(email));
    const code = (await t.smtp.lastTo(email)).code;
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', payload: { email, otp: code } });
    const again = await signup(valid(email));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(MSG.emailTaken);
  });

  it('leaves no account behind when the verification email cannot be sent', async () => {
    const email = uniqueEmail();
    t.smtp.failNext(1);
    const res = await signup(valid(email));
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toMatch(/could not send/);
    expect(await countUsers(email)).toBe(0);
  });

  it('treats emails case-insensitively', async () => {
    const email = uniqueEmail();
    await signup(valid(email.toUpperCase()));
    expect(await countUsers(email)).toBe(1);
  });
});
