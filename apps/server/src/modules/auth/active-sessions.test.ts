import { MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Profile → Security's session list and ending sessions (decision 190). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_OTP_PER_IP: '1000' });
});
afterAll(() => t.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function loginFrom(email: string, userAgent: string, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password: 'Str0ngPassw0rd' },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  const s = res.json();
  return { access: s.access_token as string, refresh: s.refresh_token as string, auth: { authorization: `Bearer ${s.access_token}` } };
}

const list = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: auth });
const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${access}` } });
const refresh = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });

describe('the session list', () => {
  it('names each browser and system from its user agent, shows the address and marks this device', async () => {
    const m: Member = await signUpAndLogin(t);
    const phone = await loginFrom(m.email, IPHONE, '203.0.113.7');
    await loginFrom(m.email, WINDOWS_FIREFOX, '2001:db8::5');
    const res = await list(phone.auth);
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Safari 17', os: 'iOS 17.5', device: 'mobile', ip: '203.0.113.7' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions).toContainEqual(
      expect.objectContaining({ browser: 'Firefox 128', os: 'Windows 10', device: 'desktop', ip: '2001:db8::5', current: false }),
    );
    for (const s of sessions) expect(Date.parse(s.last_active_at as string)).toBeGreaterThan(0);
  });

  it('moves last active forward when a session refreshes', async () => {
    const m = await signUpAndLogin(t);
    await t.db.query(
      `UPDATE sessions SET created_at = now() - interval '2 hours' WHERE id IN (SELECT id FROM sessions WHERE user_id = $1)`,
      [m.user.id],
    );
    const before = (await list(m.auth)).json().sessions[0].last_active_at;
    const r = await refresh(m.refresh_token);
    expect(r.statusCode).toBe(200);
    const after = (await list({ authorization: `Bearer ${r.json().access_token}` })).json().sessions[0].last_active_at;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  it('shows no one else’s sessions', async () => {
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    const ids = (await list(a.auth)).json().sessions.map((s: { id: string }) => s.id);
    const bIds = (await list(b.auth)).json().sessions.map((s: { id: string }) => s.id);
    expect(ids.some((id: string) => bIds.includes(id))).toBe(false);
  });
});

describe('ending sessions', () => {
  it('a session signed out from another device loses its access and refresh tokens at once', async () => {
    const m = await signUpAndLogin(t);
    const other = await login(t, m.email);
    const otherId = (await list(m.auth)).json().sessions.find((s: { current: boolean }) => !s.current).id;
    expect((await me(other.access_token)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers: m.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.sessionRevoked);
    // The access token is still within its 15 minutes, and fails anyway; so does its refresh token.
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await me(m.access_token)).statusCode).toBe(200);
    // Gone from the list; ending it again is a 404.
    expect((await list(m.auth)).json().sessions).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers: m.auth })).statusCode).toBe(404);
  });

  it('another member’s session is a 404 and stays signed in; a malformed id is a 404 too', async () => {
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    const bId = (await list(b.auth)).json().sessions[0].id;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${bId}`, headers: a.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(MSG.sessionNotFound);
    expect((await me(b.access_token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid', headers: a.auth })).statusCode).toBe(404);
  });

  it('sign out everywhere else keeps only this session', async () => {
    const m = await signUpAndLogin(t);
    const others = [await login(t, m.email), await login(t, m.email)];
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: m.auth });
    expect(res.statusCode).toBe(200);
    for (const o of others) {
      expect((await me(o.access_token)).statusCode).toBe(401);
      expect((await refresh(o.refresh_token)).statusCode).toBe(401);
    }
    expect((await me(m.access_token)).statusCode).toBe(200);
    expect((await list(m.auth)).json().sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('needs a live session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others' })).statusCode).toBe(401);
  });
});
