import { MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_OTP_PER_IP: '1000' });
});
afterAll(() => t.close());

const patchMe = (auth: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: auth, payload });
const row = async (id: string) =>
  (await t.db.query<{ name: string; phone: string; email: string }>('SELECT name, phone, email FROM users WHERE id = $1', [id])).rows[0]!;

describe('GET /users/me', () => {
  it("answers the spec's User: id, name, email, phone, is_verified, reports_generated, created_at, last_login", async () => {
    const email = uniqueEmail();
    const m = await signUpAndLogin(t, { email, name: 'Ada Lovelace' });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: m.auth });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toEqual({
      id: m.user.id,
      name: 'Ada Lovelace',
      email,
      phone: '+44 20 7946 0958',
      is_verified: true,
      reports_generated: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_login: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      auth_provider: 'password',
    });
    expect(new Date(user.created_at).getTime()).toBeLessThanOrEqual(new Date(user.last_login).getTime());
  });

  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(MSG.notAuthenticated);
  });
});

describe('PATCH /users/me', () => {
  it('updates the name and phone and answers the updated user', async () => {
    const m = await signUpAndLogin(t);
    const res = await patchMe(m.auth, { name: '  Augusta Ada King  ', phone: '+1 (555) 010-7777' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: m.user.id, name: 'Augusta Ada King', phone: '+1 (555) 010-7777', email: m.email });
    const again = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: m.auth });
    expect(again.json()).toMatchObject({ name: 'Augusta Ada King', phone: '+1 (555) 010-7777' });
  });

  it.each([
    [{ name: 'A' }, MSG.nameMin],
    [{ name: '   ' }, MSG.nameRequired],
    [{ name: '' }, MSG.nameRequired],
    [{ name: 'x'.repeat(101) }, MSG.nameTooLong],
    [{ phone: '12345' }, MSG.phoneInvalid],
    [{ phone: 'call me maybe' }, MSG.phoneInvalid],
    [{ phone: '' }, MSG.phoneRequired],
  ])('rejects %j with 422 and the spec message, changing nothing', async (patch, detail) => {
    const m = await signUpAndLogin(t);
    const before = await row(m.user.id);
    const res = await patchMe(m.auth, { name: 'Valid Name', phone: '+1 555 010 2222', ...patch });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    expect(await row(m.user.id)).toEqual(before);
  });

  it('does not let a member change the email (or verification) through PATCH', async () => {
    const m = await signUpAndLogin(t);
    const other = uniqueEmail('other');
    const res = await patchMe(m.auth, {
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0958',
      email: other,
      is_verified: false,
      reports_generated: 99,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: m.email, is_verified: true, reports_generated: 0 });
    expect((await row(m.user.id)).email).toBe(m.email);
    expect((await t.db.query('SELECT 1 FROM users WHERE email = $1', [other])).rows).toHaveLength(0);
  });

  it('needs a signed-in member', async () => {
    const res = await patchMe({}, { name: 'Ada Lovelace', phone: '+44 20 7946 0958' });
    expect(res.statusCode).toBe(401);
  });
});
