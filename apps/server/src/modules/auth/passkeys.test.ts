import { MSG } from '@assay/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin, uniqueEmail, type Member } from '../../../test/members.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Decision 193: passkeys, checked against a software authenticator that signs like a real one. */
const PER_IP = 5;

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_LOGIN_PER_IP: String(PER_IP),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    RATE_LIMIT_OTP_PER_IP: '1000',
  });
  origin = new URL(t.config.PUBLIC_URL).origin;
});
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

const post = (m: Member | undefined, url: string, payload?: unknown, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${url}`,
    remoteAddress: ip,
    ...(m ? { headers: m.auth } : {}),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/** A member with one passkey on a software authenticator. */
async function memberWithPasskey(opts: { counter?: boolean; userVerified?: boolean } = {}) {
  const m = await signUpAndLogin(t, { email: uniqueEmail('passkey') });
  const key = new SoftAuthenticator(origin, opts);
  const options = await post(m, 'passkeys/options', { password: GOOD_PASSWORD });
  expect(options.statusCode).toBe(200);
  const added = await post(m, 'passkeys', { name: 'Laptop', response: key.register(options.json().options) });
  expect(added.statusCode, added.body).toBe(201);
  return { m, key, passkeyId: added.json().id as number };
}

async function signInOptions(ip?: string) {
  const res = await post(undefined, 'passkey/options', undefined, ip);
  expect(res.statusCode).toBe(200);
  return res.json().options as Record<string, unknown>;
}

const signIn = (response: unknown, ip?: string) => post(undefined, 'passkey', { response }, ip);

async function mailWithSubject(email: string, subject: string) {
  const r = await t.db.query<{ text: string }>(
    `SELECT data->>'text' AS text FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' = $2`,
    [email, subject],
  );
  return r.rows[0];
}

describe('adding a passkey', () => {
  it('asks for the password, stores the public key only, lists it, and mails the member', async () => {
    const m = await signUpAndLogin(t, { email: uniqueEmail('add') });
    const wrong = await post(m, 'passkeys/options', { password: 'Wrong-passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(MSG.wrongCurrentPassword);

    const options = (await post(m, 'passkeys/options', { password: GOOD_PASSWORD })).json().options;
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    const key = new SoftAuthenticator(origin);
    const added = await post(m, 'passkeys', { name: '  Work laptop ', response: key.register(options) });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', last_used_at: null, synced: false });

    const list = await t.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: m.auth });
    expect(list.json().passkeys).toHaveLength(1);
    expect(await mailWithSubject(m.email, 'Assay: A passkey was added')).toBeDefined();

    // The next options exclude it, so the browser does not make a second one on that device.
    const again = (await post(m, 'passkeys/options', { password: GOOD_PASSWORD })).json().options;
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([key.credentials[0]!.id.toString('base64url')]);
  });

  it('refuses a registration challenge used twice, or issued to another account', async () => {
    const a = await signUpAndLogin(t, { email: uniqueEmail('reg-a') });
    const b = await signUpAndLogin(t, { email: uniqueEmail('reg-b') });
    const options = (await post(a, 'passkeys/options', { password: GOOD_PASSWORD })).json().options;
    const key = new SoftAuthenticator(origin);
    // B answers A's challenge: refused, and the challenge is spent.
    const stolen = await post(b, 'passkeys', { name: 'Theirs', response: key.register(options) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('passkey_expired');
    const late = await post(a, 'passkeys', { name: 'Mine', response: key.register(options) });
    expect(late.statusCode).toBe(400);

    const fresh = (await post(a, 'passkeys/options', { password: GOOD_PASSWORD })).json().options;
    const answer = key.register(fresh);
    expect((await post(a, 'passkeys', { name: 'Mine', response: answer })).statusCode).toBe(201);
    const twice = await post(a, 'passkeys', { name: 'Mine again', response: answer });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('passkey_expired');
  });

  it('keeps credential ids unique across accounts', async () => {
    const { key } = await memberWithPasskey();
    const other = await signUpAndLogin(t, { email: uniqueEmail('dup') });
    const options = (await post(other, 'passkeys/options', { password: GOOD_PASSWORD })).json().options;
    const dup = await post(other, 'passkeys', { name: 'Copy', response: key.register(options, key.credentials[0]) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('passkey_exists');
  });

  it('refuses an answer made for another site', async () => {
    const m = await signUpAndLogin(t, { email: uniqueEmail('phish') });
    const options = (await post(m, 'passkeys/options', { password: GOOD_PASSWORD })).json().options;
    const res = await post(m, 'passkeys', { name: 'Phished', response: new SoftAuthenticator('https://evil.example').register(options) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('passkey_invalid');
  });

  it('refuses malformed answers with a clear 422', async () => {
    const m = await signUpAndLogin(t, { email: uniqueEmail('bad') });
    const res = await post(m, 'passkeys', { name: 'X', response: { id: 'a b', rawId: 'x', type: 'public-key', response: {} } });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(MSG.passkeyResponseInvalid);
  });
});

describe('signing in with a passkey instead of the password', () => {
  it('opens a session, moves the counter, and notes the passkey as used', async () => {
    const { m, key } = await memberWithPasskey();
    const res = await signIn(key.assert(await signInOptions()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(m.email);
    expect(res.cookies.find((c) => c.name === 'assay_refresh')).toBeDefined();
    const row = (
      await t.db.query<{ counter: string; last_used_at: Date | null }>(
        'SELECT counter::text, last_used_at FROM passkeys WHERE user_id = $1',
        [m.user.id],
      )
    ).rows[0]!;
    expect(row.counter).toBe('1');
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses a replayed assertion', async () => {
    const { key } = await memberWithPasskey();
    const answer = key.assert(await signInOptions());
    expect((await signIn(answer)).statusCode).toBe(200);
    const replay = await signIn(answer);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('passkey_expired');
  });

  it('refuses a challenge used twice, even with a fresh signature over it', async () => {
    const { key } = await memberWithPasskey();
    const options = await signInOptions();
    expect((await signIn(key.assert(options))).statusCode).toBe(200);
    const second = await signIn(key.assert(options));
    expect(second.statusCode).toBe(401);
    expect(second.json().code).toBe('passkey_expired');
  });

  it('refuses an assertion whose counter went back (a cloned authenticator)', async () => {
    const { key } = await memberWithPasskey();
    const older = key.assert(await signInOptions());
    const newer = key.assert(await signInOptions());
    expect((await signIn(newer)).statusCode).toBe(200);
    const res = await signIn(older);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('passkey_invalid');
  });

  it('accepts a synced passkey that keeps no counter, again and again', async () => {
    const { key } = await memberWithPasskey({ counter: false });
    for (let i = 0; i < 3; i++) expect((await signIn(key.assert(await signInOptions()))).statusCode).toBe(200);
  });

  it('needs the authenticator to have checked its user (PIN, fingerprint, face)', async () => {
    const { key } = await memberWithPasskey({ userVerified: false });
    const res = await signIn(key.assert(await signInOptions()));
    expect(res.statusCode).toBe(401);
  });

  it('refuses an answer signed for another site, an unknown credential, and an expired challenge', async () => {
    const { key } = await memberWithPasskey();
    expect((await signIn(key.assert(await signInOptions(), undefined, { origin: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await signIn(key.assert(await signInOptions(), undefined, { rpId: 'evil.example' }))).statusCode).toBe(401);
    const stranger = new SoftAuthenticator(origin);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'eA' } });
    expect((await signIn(stranger.assert(await signInOptions()))).statusCode).toBe(401);

    const options = await signInOptions();
    await t.db.query("UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1", [options.challenge]);
    const late = await signIn(key.assert(options));
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('passkey_expired');
  });

  it("a stranger cannot exhaust the owner's passkey sign-in", async () => {
    const { m, key } = await memberWithPasskey();
    // Failures naming her credential, from one address until it is cut off, and from many others.
    const attacker = nextIp();
    const forged = (options: Record<string, unknown>) => ({
      ...key.assert(options),
      response: { ...key.assert(options).response, signature: 'AAAA' },
    });
    for (let i = 0; i < PER_IP; i++) expect((await signIn(forged(await signInOptions()), attacker)).statusCode).toBe(401);
    expect((await signIn(forged(await signInOptions()), attacker)).statusCode).toBe(429);
    for (let i = 0; i < 3 * PER_IP; i++) expect((await signIn(forged(await signInOptions()), nextIp())).statusCode).toBe(401);
    // Her own sign-in is untouched: nothing counted against her account.
    const hers = await signIn(key.assert(await signInOptions()));
    expect(hers.statusCode).toBe(200);
    expect(hers.json().user.email).toBe(m.email);
  });
});

describe('a passkey at the code step', () => {
  const codeAt = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

  async function withTwoFactor() {
    const p = await memberWithPasskey({ userVerified: false });
    const setup = await post(p.m, 'totp/setup', { password: GOOD_PASSWORD });
    // The current step's code: the server accepts one step either side, so a request that crosses
    // a 30 s boundary still passes (the previous step's code failed then, on a loaded machine).
    expect((await post(p.m, 'totp/enable', { code: codeAt(setup.json().secret) })).statusCode).toBe(200);
    return p;
  }
  async function challengeFor(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { username: email, password: GOOD_PASSWORD },
    });
    expect(res.json()).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code', 'passkey'] });
    return res.json().challenge as string;
  }
  const options = async (challenge: string) => {
    const res = await post(undefined, 'login/second-factor/passkey/options', { challenge });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().options as Record<string, unknown>;
  };
  const finish = (challenge: string, response: unknown) => post(undefined, 'login/second-factor/passkey', { challenge, response });

  it("finishes the sign-in with the account's own passkey, once", async () => {
    const { m, key } = await withTwoFactor();
    const challenge = await challengeFor(m.email);
    const opts = await options(challenge);
    expect((opts.allowCredentials as Array<{ id: string }>).map((c) => c.id)).toEqual([key.credentials[0]!.id.toString('base64url')]);
    const answer = key.assert(opts);
    const res = await finish(challenge, answer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(m.email);
    expect((await finish(challenge, answer)).statusCode).toBe(401);
  });

  it("refuses another account's passkey", async () => {
    const victim = await withTwoFactor();
    const intruder = await memberWithPasskey({ userVerified: false });
    const challenge = await challengeFor(victim.m.email);
    const res = await finish(challenge, intruder.key.assert(await options(challenge)));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('passkey_invalid');
    // A passkey challenge of another sign-in does not fit this one either.
    const intruderTwoFactor = await withTwoFactor();
    const theirs = await options(await challengeFor(intruderTwoFactor.m.email));
    expect((await finish(challenge, intruderTwoFactor.key.assert(theirs))).json().code).toBe('passkey_expired');
    // The victim's own passkey still works.
    expect((await finish(challenge, victim.key.assert(await options(challenge)))).statusCode).toBe(200);
  });

  it('is not offered, nor accepted, for an account without a passkey', async () => {
    const m = await signUpAndLogin(t, { email: uniqueEmail('nokey') });
    const setup = await post(m, 'totp/setup', { password: GOOD_PASSWORD });
    await post(m, 'totp/enable', { code: codeAt(setup.json().secret) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { username: m.email, password: GOOD_PASSWORD },
    });
    expect(res.json().methods).toEqual(['totp', 'recovery_code']);
    const opts = await post(undefined, 'login/second-factor/passkey/options', { challenge: res.json().challenge });
    expect(opts.statusCode).toBe(400);
  });
});

describe('naming and removing passkeys', () => {
  it("renames and removes one's own, mails the removal, and a removed passkey signs in no more", async () => {
    const { m, key, passkeyId } = await memberWithPasskey();
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/auth/passkeys/${passkeyId}`,
      headers: m.auth,
      payload: { name: 'Phone' },
    });
    expect(renamed.json().name).toBe('Phone');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkeyId}`, headers: m.auth });
    expect(removed.statusCode).toBe(200);
    expect(await mailWithSubject(m.email, 'Assay: A passkey was removed')).toBeDefined();
    expect((await signIn(key.assert(await signInOptions()))).statusCode).toBe(401);
  });

  it("treats another member's passkey as missing", async () => {
    const { passkeyId } = await memberWithPasskey();
    const other = await signUpAndLogin(t, { email: uniqueEmail('other') });
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/auth/passkeys/${passkeyId}`, headers: other.auth, payload: { name: 'Mine' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkeyId}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/passkeys/1%00', headers: other.auth })).statusCode).toBe(422);
  });
});
