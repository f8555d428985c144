import { MSG, SESSION } from '@assay/shared';
import { decodeJwt, SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin, uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { REUSE_GRACE_SECONDS } from './session-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  // Rate limits are not under test here: every call comes from the same loopback address.
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_OTP_PER_IP: '1000' });
});
afterAll(() => t.close());

const COOKIE = 'assay_refresh';

const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });
const refreshWithBody = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });
const refreshWithCookie = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [COOKIE]: token } });
const loginWith = (email: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password: GOOD_PASSWORD, ...extra }).toString(),
  });

/** The raw Set-Cookie header for the refresh cookie. */
function refreshCookieHeader(res: { headers: Record<string, unknown> }) {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return all.find((c) => c.startsWith(`${COOKIE}=`));
}
const cookieValue = (header: string) => decodeURIComponent(header.split(';')[0]!.slice(COOKIE.length + 1));

/** Moves a refresh token's spending back in time. */
const spentSecondsAgo = (token: string, seconds: number) =>
  t.db.query('UPDATE refresh_tokens SET used_at = now() - make_interval(secs => $2) WHERE token_hash = $1', [
    createHash('sha256').update(token).digest('hex'),
    seconds,
  ]);

const sessionOf = async (accessToken: string) =>
  (
    await t.db.query<{ revoked_at: Date | null; revoked_reason: string | null }>(
      'SELECT revoked_at, revoked_reason FROM sessions WHERE id = $1',
      [decodeJwt(accessToken).sid],
    )
  ).rows[0]!;

describe('refresh token rotation', () => {
  it('issues a new refresh token (and access token) for a refresh token in the body', async () => {
    const m = await signUpAndLogin(t);
    const res = await refreshWithBody(m.refresh_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'bearer' });
    expect(body.refresh_token).not.toBe(m.refresh_token);
    expect((await me(body.access_token)).statusCode).toBe(200);
    // The new one works in turn.
    expect((await refreshWithBody(body.refresh_token)).statusCode).toBe(200);
  });

  it(`treats re-use of a refresh token rotated more than ${REUSE_GRACE_SECONDS} s ago as theft: 401 and the whole session is revoked`, async () => {
    const m = await signUpAndLogin(t);
    const other = await loginWith(m.email); // a second session of the same member
    const rotated = (await refreshWithBody(m.refresh_token)).json();
    await spentSecondsAgo(m.refresh_token, REUSE_GRACE_SECONDS + 1);

    const reuse = await refreshWithBody(m.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toBe(MSG.sessionExpired);

    // The newest refresh token and the access tokens of that session stop working too.
    expect((await refreshWithBody(rotated.refresh_token)).statusCode).toBe(401);
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await me(m.access_token)).statusCode).toBe(401);
    expect((await sessionOf(m.access_token)).revoked_reason).toBe('refresh_token_reuse');

    // Other sessions of the member are untouched.
    expect((await me(other.json().access_token)).statusCode).toBe(200);
    expect((await refreshWithBody(other.json().refresh_token)).statusCode).toBe(200);
  });

  it('rotates a token spent moments ago once more instead of revoking (an answer lost to a reload, two tabs at once)', async () => {
    const m = await signUpAndLogin(t);
    // Two refreshes with the same token: the first one's answer never reached the browser.
    const first = await refreshWithBody(m.refresh_token);
    const second = await refreshWithBody(m.refresh_token);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).not.toBe(first.json().refresh_token);
    expect((await sessionOf(m.access_token)).revoked_at).toBeNull();
    expect((await me(second.json().access_token)).statusCode).toBe(200);
    expect((await refreshWithBody(second.json().refresh_token)).statusCode).toBe(200);
    // Ten tabs at once: every one of them keeps the member signed in.
    const { refresh_token } = (await refreshWithBody(first.json().refresh_token)).json();
    const tabs = await Promise.all(Array.from({ length: 10 }, () => refreshWithBody(refresh_token)));
    expect(tabs.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await sessionOf(m.access_token)).revoked_at).toBeNull();
  });

  it('the grace counts from the first spending: reusing within it does not extend it', async () => {
    const m = await signUpAndLogin(t);
    expect((await refreshWithBody(m.refresh_token)).statusCode).toBe(200);
    await spentSecondsAgo(m.refresh_token, REUSE_GRACE_SECONDS - 5);
    expect((await refreshWithBody(m.refresh_token)).statusCode).toBe(200);
    const age = await t.db.query<{ seconds: number }>(
      'SELECT extract(epoch FROM now() - used_at)::float8 AS seconds FROM refresh_tokens WHERE token_hash = $1',
      [createHash('sha256').update(m.refresh_token).digest('hex')],
    );
    expect(age.rows[0]!.seconds).toBeGreaterThan(REUSE_GRACE_SECONDS - 10);
    await spentSecondsAgo(m.refresh_token, REUSE_GRACE_SECONDS + 1);
    expect((await refreshWithBody(m.refresh_token)).statusCode).toBe(401);
    expect((await sessionOf(m.access_token)).revoked_reason).toBe('refresh_token_reuse');
  });

  it('refuses a missing, unknown or expired-session refresh token with 401', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe(MSG.sessionExpired);

    const garbage = await refreshWithBody('not-a-real-refresh-token');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().detail).toBe(MSG.sessionExpired);

    const m = await signUpAndLogin(t);
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1`, [decodeJwt(m.access_token).sid]);
    expect((await refreshWithBody(m.refresh_token)).statusCode).toBe(401);
    expect((await me(m.access_token)).statusCode).toBe(401);
  });
});

describe('the refresh cookie', () => {
  it(`is httpOnly, SameSite=Strict, Path=/api/auth and lasts ${SESSION.refreshTokenDaysRemembered} days with Remember me`, async () => {
    const { email } = await signUpAndLogin(t);
    for (const remember of ['on', 'true']) {
      const res = await loginWith(email, { remember });
      const header = refreshCookieHeader(res)!;
      expect(header).toBeDefined();
      expect(cookieValue(header)).toBe(res.json().refresh_token);
      expect(header).toMatch(/;\s*HttpOnly/i);
      expect(header).toMatch(/;\s*SameSite=Strict/i);
      expect(header).toMatch(/;\s*Path=\/api\/auth(;|$)/);
      expect(header).toMatch(new RegExp(`;\\s*Max-Age=${SESSION.refreshTokenDaysRemembered * 86400}`));
      // Plain http in tests: not Secure (Secure follows an https PUBLIC_URL).
      expect(header).not.toMatch(/;\s*Secure/i);
    }
  });

  it('is a browser-session cookie (no Max-Age or Expires) without Remember me', async () => {
    const { email } = await signUpAndLogin(t);
    for (const extra of [{}, { remember: 'false' }] as Array<Record<string, string>>) {
      const header = refreshCookieHeader(await loginWith(email, extra))!;
      expect(header).toMatch(/;\s*HttpOnly/i);
      expect(header).toMatch(/;\s*SameSite=Strict/i);
      expect(header).not.toMatch(/Max-Age/i);
      expect(header).not.toMatch(/Expires/i);
    }
  });

  it('refreshes from the cookie alone, rotating it and keeping the Remember me choice', async () => {
    const { email } = await signUpAndLogin(t);
    const remembered = await loginWith(email, { remember: 'on' });
    const res = await refreshWithCookie(remembered.json().refresh_token);
    expect(res.statusCode).toBe(200);
    const header = refreshCookieHeader(res)!;
    expect(cookieValue(header)).toBe(res.json().refresh_token);
    expect(res.json().refresh_token).not.toBe(remembered.json().refresh_token);
    expect(header).toMatch(/Max-Age=\d+/);
    expect((await me(res.json().access_token)).statusCode).toBe(200);

    const browserSession = await loginWith(email);
    const again = await refreshWithCookie(browserSession.json().refresh_token);
    expect(again.statusCode).toBe(200);
    expect(refreshCookieHeader(again)).not.toMatch(/Max-Age/i);
  });

  it("is kept when the refresh fails on our side (a 5xx): only a refused token ends the browser's session", async () => {
    const m = await signUpAndLogin(t);
    const down = vi.spyOn(t.db, 'transaction').mockRejectedValueOnce(new Error('connection terminated'));
    try {
      const res = await refreshWithCookie(m.refresh_token);
      expect(res.statusCode).toBe(500);
      expect(refreshCookieHeader(res)).toBeUndefined();
    } finally {
      down.mockRestore();
    }
    // The same cookie still works afterwards.
    expect((await refreshWithCookie(m.refresh_token)).statusCode).toBe(200);
  });

  it('is cleared when the cookie refresh fails', async () => {
    const res = await refreshWithCookie('garbage');
    expect(res.statusCode).toBe(401);
    const header = refreshCookieHeader(res)!;
    expect(cookieValue(header)).toBe('');
    expect(header).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('logout', () => {
  it('revokes the session on the server: the access token and the refresh token stop working', async () => {
    const m = await signUpAndLogin(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: m.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.loggedOut);
    expect(cookieValue(refreshCookieHeader(res)!)).toBe('');

    expect((await me(m.access_token)).statusCode).toBe(401);
    expect((await refreshWithBody(m.refresh_token)).statusCode).toBe(401);
    expect((await sessionOf(m.access_token)).revoked_reason).toBe('logout');
  });

  it('revokes the session named by the refresh cookie when no access token is sent', async () => {
    const m = await signUpAndLogin(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [COOKIE]: m.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect((await me(m.access_token)).statusCode).toBe(401);
    expect((await refreshWithCookie(m.refresh_token)).statusCode).toBe(401);
  });

  it('only ends that one session', async () => {
    const m = await signUpAndLogin(t);
    const other = (await loginWith(m.email)).json();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: m.auth });
    expect((await me(other.access_token)).statusCode).toBe(200);
  });
});

describe('member routes without a valid access token', () => {
  it('answer 401 without a token, with garbage, another scheme, key, algorithm or issuer, an expired, unexpiring or tampered token', async () => {
    const m = await signUpAndLogin(t);
    const sid = decodeJwt(m.access_token).sid as string;
    const userId = m.user.id;
    const sign = (secret: string, exp: number | string, typ = 'access') =>
      new SignJWT({ sid, typ })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer('assay')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));

    // Control: a token we sign the same way with the app's secret works.
    expect((await me(await sign(t.config.JWT_SECRET, '5m'))).statusCode).toBe(200);

    const good = await sign(t.config.JWT_SECRET, '5m');
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherUser = (await signUpAndLogin(t)).user.id;
    // The last signature character carries 2 unused bits: another spelling of the same bytes.
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = signature.slice(0, -1) + B64URL[B64URL.indexOf(signature.at(-1)!) ^ 1];
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    const tampered = [
      `${header}.${part({ ...claims, sub: otherUser })}.${signature}`,
      `${part({ alg: 'none' })}.${payload}.`,
      `${part({ alg: 'HS512' })}.${payload}.${signature}`,
      await new SignJWT({ sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(userId)
        .setIssuer('assay')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(t.config.JWT_SECRET)),
      await new SignJWT({ sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer('someone-else')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(t.config.JWT_SECRET)),
      await new SignJWT({ sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer('assay')
        .sign(new TextEncoder().encode(t.config.JWT_SECRET)),
      `${header}.${payload}.${respelled}`,
      `${good}.extra`,
    ];

    const cases: Array<Record<string, string>> = [
      ...tampered.map((token) => ({ authorization: `Bearer ${token}` })),
      {},
      { authorization: 'Bearer garbage' },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${m.access_token}` },
      { authorization: `Bearer ${await sign(t.config.JWT_SECRET, Math.floor(Date.now() / 1000) - 60)}` },
      { authorization: `Bearer ${await sign('another-secret-another-secret-another', '5m')}` },
      { authorization: `Bearer ${await sign(t.config.JWT_SECRET, '5m', 'complete_profile')}` },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().detail).toBe(MSG.notAuthenticated);
    }
  });

  it('refuses a refresh token used as an access token', async () => {
    const m = await signUpAndLogin(t);
    expect((await me(m.refresh_token)).statusCode).toBe(401);
  });

  it('still lets a new sign-in work after everything above', async () => {
    const email = uniqueEmail();
    await signUpAndLogin(t, { email });
    expect((await loginWith(email)).statusCode).toBe(200);
  });
});
