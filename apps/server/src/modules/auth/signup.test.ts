import { MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
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
    const row = (await t.db.query<{ is_verified: boolean; password_hash: string }>(
      'SELECT is_verified, password_hash FROM users WHERE email = $1', [email])).rows[0]!;
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
      method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBeTruthy();
  });

  it('re-sends a code for a second signup of an unverified email instead of failing', async () => {
    const email = uniqueEmail();
    await signup(valid(email));
    await t.db.query(`UPDATE email_codes SET created_at = now() - interval '2 minutes'`);
    const again = await signup({ ...valid(email), name: 'Grace B. Hopper' });
    expect(again.statusCode).toBe(201);
    expect(t.smtp.received.filter((m) => m.to.includes(email))).toHaveLength(2);
    expect(await countUsers(email)).toBe(1);
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
