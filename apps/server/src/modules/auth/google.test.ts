import { MSG, type SessionResponse } from '@assay/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fakes/fake-google.ts';
import { GOOD_PASSWORD, signUpAndLogin, uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const PHONE = '+91 98765 43210';

let fake: FakeGoogle;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeGoogle({ clientId: CLIENT_ID });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: fake.url,
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_OTP_PER_IP: '1000',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const google = (credential: string, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: '/api/auth/google', payload: { credential } });
const completeProfile = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/complete-profile', payload });
const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });
const usersWithEmail = async (email: string) =>
  (
    await t.db.query<{
      id: string;
      phone: string | null;
      google_sub: string | null;
      password_hash: string | null;
      is_verified: boolean;
      name: string;
    }>('SELECT id, phone, google_sub, password_hash, is_verified, name FROM users WHERE email = $1', [email])
  ).rows;
const sessionsOf = async (userId: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId])).rows[0]!.n;

/** A first Google sign-in: answers profile_incomplete with a profile_token. */
async function firstSignIn(email = uniqueEmail('google')) {
  const sub = `sub-${email}`;
  const res = await google(await fake.signIdToken({ email, sub, name: 'Katherine Johnson' }));
  expect(res.statusCode).toBe(200);
  return {
    email,
    sub,
    body: res.json<{ profile_incomplete: true; user: SessionResponse['user']; message: string; profile_token: string }>(),
  };
}

describe('Google sign-in', () => {
  it('publishes the client id in /auth/config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google_client_id: CLIENT_ID });
  });

  it('answers a first sign-in without a phone with profile_incomplete, the user, a message and a profile_token', async () => {
    const { email, body } = await firstSignIn();
    expect(body).toMatchObject({
      profile_incomplete: true,
      user: { email, name: 'Katherine Johnson', phone: null, is_verified: true, auth_provider: 'google' },
      message: expect.any(String),
      profile_token: expect.any(String),
    });
    expect(body).not.toHaveProperty('access_token');
    expect(body).not.toHaveProperty('refresh_token');
    const [row] = await usersWithEmail(email);
    expect(row).toMatchObject({ is_verified: true, password_hash: null, phone: null });
    expect(row!.google_sub).toBeTruthy();
    // No session until the profile is complete.
    expect(await sessionsOf(row!.id)).toBe(0);
  });

  it('completes the profile with user_id, phone and profile_token into a session; the next sign-in is direct', async () => {
    const { email, sub, body } = await firstSignIn();
    const res = await completeProfile({ user_id: body.user.id, phone: PHONE, profile_token: body.profile_token });
    expect(res.statusCode).toBe(200);
    const session = res.json<SessionResponse>();
    expect(session).toMatchObject({ token_type: 'bearer', user: { id: body.user.id, phone: PHONE, email } });
    expect(res.headers['set-cookie']).toBeDefined();
    expect((await me(session.access_token)).statusCode).toBe(200);

    const second = await google(await fake.signIdToken({ email, sub }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user: { id: body.user.id, phone: PHONE },
    });
    expect(second.json()).not.toHaveProperty('profile_incomplete');
    expect(second.json().user.last_login).not.toBeNull();
    expect(await usersWithEmail(email)).toHaveLength(1);

    // The profile token cannot be used a second time.
    const again = await completeProfile({ user_id: body.user.id, phone: '+1 555 010 0000', profile_token: body.profile_token });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(MSG.profileAlreadyComplete);
    expect((await usersWithEmail(email))[0]!.phone).toBe(PHONE);
  });

  it('validates the phone of the profile completion with the spec message', async () => {
    const { email, body } = await firstSignIn();
    for (const [phone, detail] of [
      ['12345', MSG.phoneInvalid],
      ['', MSG.phoneRequired],
    ] as const) {
      const res = await completeProfile({ user_id: body.user.id, phone, profile_token: body.profile_token });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(detail);
    }
    expect((await usersWithEmail(email))[0]!.phone).toBeNull();
  });

  describe('refuses an untrustworthy Google token with 401 and creates no account', () => {
    const tamper = (token: string) => {
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      claims.email = 'victim@example.com';
      return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    };
    const cases: Array<[string, (email: string) => Promise<string>]> = [
      ['a tampered payload', async (email) => tamper(await fake.signIdToken({ email }))],
      ['a token signed by another key', (email) => fake.signIdToken({ email }, { signer: 'foreign' })],
      ['a token for another audience', (email) => fake.signIdToken({ email, aud: 'someone-else.apps.googleusercontent.com' })],
      ['a token from another issuer', (email) => fake.signIdToken({ email, iss: 'https://evil.example.com' })],
      ['an expired token', (email) => fake.signIdToken({ email }, { expiresInSeconds: -60 })],
      ['an unverified Google email', (email) => fake.signIdToken({ email, email_verified: false })],
      ['a token that is not a JWT', async () => 'not.a.jwt'],
    ];
    it.each(cases)('%s', async (_name, make) => {
      const email = uniqueEmail('forged');
      const res = await google(await make(email));
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(MSG.googleInvalidToken);
      expect(await usersWithEmail(email)).toHaveLength(0);
      expect(await usersWithEmail('victim@example.com')).toHaveLength(0);
    });
  });

  it("refuses profile completion with someone else's user_id, a forged, an expired or a wrong-purpose token", async () => {
    const alice = await firstSignIn();
    const bob = await firstSignIn();
    const sign = (secret: string, sub: string, exp: number | string, typ = 'complete_profile') =>
      new SignJWT({ typ })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('assay')
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const attempts = [
      { user_id: bob.body.user.id, profile_token: alice.body.profile_token },
      { user_id: bob.body.user.id, profile_token: await sign('forged-secret-forged-secret-forged-secret', bob.body.user.id, '10m') },
      { user_id: bob.body.user.id, profile_token: await sign(t.config.JWT_SECRET, bob.body.user.id, Math.floor(Date.now() / 1000) - 60) },
      { user_id: bob.body.user.id, profile_token: await sign(t.config.JWT_SECRET, bob.body.user.id, '10m', 'access') },
      { user_id: bob.body.user.id, profile_token: 'garbage' },
    ];
    for (const a of attempts) {
      const res = await completeProfile({ ...a, phone: PHONE });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(MSG.profileTokenInvalid);
    }
    expect((await usersWithEmail(bob.email))[0]!.phone).toBeNull();
    expect(await sessionsOf(bob.body.user.id)).toBe(0);
    // Control: Bob's own token works.
    const own = await completeProfile({ user_id: bob.body.user.id, phone: PHONE, profile_token: bob.body.profile_token });
    expect(own.statusCode).toBe(200);
  });

  it('links an existing verified password account with the same email instead of duplicating it', async () => {
    const m = await signUpAndLogin(t);
    const res = await google(await fake.signIdToken({ email: m.email, name: 'Someone Else' }));
    expect(res.statusCode).toBe(200);
    // The account already has a phone: straight to a session.
    expect(res.json()).toMatchObject({ access_token: expect.any(String), user: { id: m.user.id, email: m.email, name: 'Ada Lovelace' } });
    const rows = await usersWithEmail(m.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.google_sub).toBeTruthy();
    expect(rows[0]!.is_verified).toBe(true);
    // The password still works.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: m.email, password: GOOD_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('takes over an unverified password account for its Google owner: verified, and the unproven password no longer works', async () => {
    // Someone signs up with an address they do not own; the real owner then uses Google.
    const email = uniqueEmail('prehijack');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Mallory Intruder', email, phone: '+1 555 010 6666', password: GOOD_PASSWORD },
    });
    const res = await google(await fake.signIdToken({ email, name: 'Rightful Owner' }));
    expect(res.statusCode).toBe(200);
    const rows = await usersWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ is_verified: true, password_hash: null, phone: null, name: 'Rightful Owner' });
    expect(res.json()).toMatchObject({ profile_incomplete: true, user: { name: 'Rightful Owner', phone: null } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: GOOD_PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it('keeps Google-only accounts out of password sign-in and password change with a clear detail', async () => {
    const { email, body } = await firstSignIn();
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: GOOD_PASSWORD } });
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toBe(MSG.googleAccountNoPassword);

    const session = (
      await completeProfile({ user_id: body.user.id, phone: PHONE, profile_token: body.profile_token })
    ).json<SessionResponse>();
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { current_password: GOOD_PASSWORD, new_password: 'N3wPassw0rdX' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().detail).toBe(MSG.googleAccountNoPassword);
  });

  it('refuses to move an email already linked to one Google account onto another', async () => {
    const { email } = await firstSignIn();
    const res = await google(await fake.signIdToken({ email, sub: `other-${email}`, name: 'Impostor' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This email is already linked to another Google account.');
    expect((await usersWithEmail(email))[0]!.google_sub).toBe(`sub-${email}`);
  });

  it('fetched the keys from the fake over HTTP', () => {
    expect(fake.jwksRequests).toBeGreaterThan(0);
  });
});

describe('when Google’s keys cannot be fetched', () => {
  let cut: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) refuses connections on loopback: the key fetch fails outright.
    cut = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' });
  });
  afterAll(() => cut.close());

  it('answers 503 (our outage), not 401, and creates no user', async () => {
    const email = uniqueEmail('google');
    const res = await google(await fake.signIdToken({ email }), cut);
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(MSG.googleError);
    expect((await cut.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows).toHaveLength(0);
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ GOOGLE_JWKS_URL: 'http://127.0.0.1:9/unused' });
  });
  afterAll(() => bare.close());

  it('answers 503 with the spec text and reports google_client_id null', async () => {
    const email = uniqueEmail('google');
    const res = await google(await fake.signIdToken({ email }), bare);
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(MSG.googleUnavailable);
    expect((await bare.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows).toHaveLength(0);

    const config = await bare.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(config.json()).toEqual({ google_client_id: null });
  });
});

describe('Google sign-in to an account with an authenticator (decision 190)', () => {
  it('answers the code step, not a session: Google does not bypass the member’s own second factor', async () => {
    const m = await signUpAndLogin(t, { email: uniqueEmail('google-totp') });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      headers: m.auth,
      payload: { password: GOOD_PASSWORD },
    });
    const { Secret, TOTP } = await import('otpauth');
    const secret = Secret.fromBase32(setup.json().secret);
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: m.auth,
      payload: { code: TOTP.generate({ secret, timestamp: Date.now() - 30_000 }) },
    });
    expect(enabled.statusCode).toBe(200);

    const res = await google(await fake.signIdToken({ email: m.email, sub: `sub-${m.email}`, name: 'Ada Lovelace' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ second_factor_required: true });
    expect(res.json()).not.toHaveProperty('access_token');
    expect(res.cookies.find((c) => c.name === 'assay_refresh')).toBeUndefined();
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge: res.json().challenge, code: TOTP.generate({ secret }) },
    });
    expect(done.statusCode).toBe(200);
    expect((await me(done.json().access_token)).statusCode).toBe(200);
  });
});
