import { MSG } from '@assay/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin, uniqueEmail } from '../../../test/members.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from './index.ts';
import { resetOperatorPassword } from './recover-operator.ts';

/**
 * Decision 228: operators' passkeys in the members' store, as the second factor at the operator's
 * sign-in (satisfying ADMIN_REQUIRE_2FA), checked against the software authenticator of 193.
 * An operator's credential never answers for a member and a member's never for an operator.
 */
const PASSWORD = 'bootstrap-password-123';
const basic = (user: string, pass: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` });

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_REQUIRE_2FA: 'true',
    OPERATOR_LOCKOUT_FAILURES: '3',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
  });
  await ensureFirstOperator(t.deps);
  origin = new URL(t.config.PUBLIC_URL).origin;
});
afterAll(() => t.close());

type Res = { cookies: Array<{ name: string; value: string }> };
const cookie = (res: Res, name: string) => res.cookies.find((c) => c.name === name)?.value;
const mfaCookie = (res: Res) => cookie(res, 'assay_operator_mfa');
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  opts: { mfa?: string; device?: string; payload?: unknown } = {},
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers,
    cookies: { ...(opts.mfa ? { assay_operator_mfa: opts.mfa } : {}), ...(opts.device ? { assay_operator_device: opts.device } : {}) },
    ...(opts.payload ? { payload: opts.payload as Record<string, unknown> } : {}),
  });

let opCounter = 0;
/** A named operator (created by the bootstrap operator), enrolled with one passkey. */
async function operatorWithPasskey(opts: { counter?: boolean } = {}) {
  const username = `op${++opCounter}${Date.now() % 100000}`;
  await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
  const hash = (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM operators WHERE username = $1', ['ops'])).rows[0]!
    .password_hash;
  // Created directly: the panel's create is tested elsewhere; this operator shares no state with ops.
  await t.db.query('INSERT INTO operators (username, password_hash) VALUES ($1, $2)', [username, hash]);
  const auth = basic(username, PASSWORD);
  const key = new SoftAuthenticator(origin, opts);
  const options = await call('POST', '/admin/passkeys/options', auth);
  expect(options.statusCode, options.body).toBe(200);
  const added = await call('POST', '/admin/passkeys', auth, {
    payload: { name: 'YubiKey', response: key.register(options.json().options) },
  });
  expect(added.statusCode, added.body).toBe(201);
  const id = (await t.db.query<{ id: string }>('SELECT id FROM operators WHERE username = $1', [username])).rows[0]!.id;
  return { username, auth, key, id, passkeyId: added.json().id as number, mfa: mfaCookie(added)! };
}

async function secondFactorOptions(auth: Record<string, string>, device?: string) {
  const res = await call('POST', '/admin/second-factor/passkey/options', auth, device ? { device } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options as Record<string, unknown>;
}
const answer = (auth: Record<string, string>, response: unknown, device?: string) =>
  call('POST', '/admin/second-factor/passkey', auth, { payload: { response }, ...(device ? { device } : {}) });

describe('an operator adds passkeys from the panel', () => {
  it('enrols with a passkey under ADMIN_REQUIRE_2FA: the panel opens, and from then on the passkey is asked for', async () => {
    const { auth, mfa, username } = await operatorWithPasskey();
    expect(mfa).toBeTruthy();
    expect((await call('GET', '/admin/stats', auth, { mfa })).statusCode).toBe(200);
    // The password alone no longer opens anything; the sign-in says which factors to offer.
    const noCookie = await call('GET', '/admin/stats', auth);
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json().code).toBe('operator_second_factor_required');
    const login = await call('POST', '/admin/login', auth);
    expect(login.json()).toEqual({ username, second_factor: 'required', methods: ['passkey'] });
    // Audited under this operator's name.
    const log = await t.db.query<{ action: string }>(
      "SELECT action FROM operator_audit_log WHERE operator_username = $1 AND action LIKE 'operator.passkey%'",
      [username],
    );
    expect(log.rows.map((r) => r.action)).toEqual(['operator.passkey_added']);
  });

  it('lists, renames and removes its own passkeys; another operator’s is a 404; removing the last one asks to enrol again', async () => {
    const a = await operatorWithPasskey();
    const b = await operatorWithPasskey();
    const list = await call('GET', '/admin/passkeys', a.auth, { mfa: a.mfa });
    expect(list.statusCode).toBe(200);
    expect(list.json().passkeys).toEqual([expect.objectContaining({ id: a.passkeyId, name: 'YubiKey', last_used_at: null })]);

    const renamed = await call('PATCH', `/admin/passkeys/${a.passkeyId}`, a.auth, { mfa: a.mfa, payload: { name: '  Desk key ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Desk key');

    // B reaches for A's passkey: as if it did not exist.
    for (const res of [
      await call('PATCH', `/admin/passkeys/${a.passkeyId}`, b.auth, { mfa: b.mfa, payload: { name: 'Mine now' } }),
      await call('DELETE', `/admin/passkeys/${a.passkeyId}`, b.auth, { mfa: b.mfa }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'passkey_not_found', detail: MSG.passkeyNotFound });
    }
    // A's cookie is A's only.
    expect((await call('GET', '/admin/passkeys', b.auth, { mfa: a.mfa })).statusCode).toBe(401);

    const removed = await call('DELETE', `/admin/passkeys/${a.passkeyId}`, a.auth, { mfa: a.mfa });
    expect(removed.statusCode).toBe(200);
    expect((await call('POST', '/admin/login', a.auth)).json().second_factor).toBe('enrol');
    expect((await call('GET', '/admin/stats', a.auth, { mfa: a.mfa })).statusCode).toBe(403);
  });

  it('with the password alone, an operator who has a factor cannot add a passkey or see the list', async () => {
    const a = await operatorWithPasskey();
    const options = await call('POST', '/admin/passkeys/options', a.auth);
    expect(options.statusCode).toBe(401);
    expect(options.json()).toMatchObject({ code: 'operator_second_factor_required', detail: MSG.operatorSecondFactorRequired });
    expect((await call('GET', '/admin/passkeys', a.auth)).statusCode).toBe(401);
    const forged = await call('POST', '/admin/passkeys', a.auth, {
      payload: {
        name: 'Intruder',
        response: new SoftAuthenticator(origin).register({
          challenge: 'AAAAAAAAAAAAAAAAAAAAAA',
          rp: { id: 'localhost' },
          user: { id: 'eA' },
        }),
      },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a registration challenge issued to another operator, and a credential a member already holds', async () => {
    const a = await operatorWithPasskey();
    const b = await operatorWithPasskey();
    const key = new SoftAuthenticator(origin);
    const forA = (await call('POST', '/admin/passkeys/options', a.auth, { mfa: a.mfa })).json().options;
    const stolen = await call('POST', '/admin/passkeys', b.auth, { mfa: b.mfa, payload: { name: 'Theirs', response: key.register(forA) } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('passkey_expired');

    // A member's registration challenge cannot add an operator's passkey either.
    const m = await signUpAndLogin(t, { email: uniqueEmail('op-pk-member') });
    const memberOptions = (
      await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: m.auth, payload: { password: GOOD_PASSWORD } })
    ).json().options;
    const crossed = await call('POST', '/admin/passkeys', a.auth, {
      mfa: a.mfa,
      payload: { name: 'Crossed', response: key.register(memberOptions) },
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('passkey_expired');

    // The member's own credential, offered again for the operator: one credential, one owner.
    const fresh = (
      await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: m.auth, payload: { password: GOOD_PASSWORD } })
    ).json().options;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/passkeys',
          headers: m.auth,
          payload: { name: 'Phone', response: key.register(fresh) },
        })
      ).statusCode,
    ).toBe(201);
    const opOptions = (await call('POST', '/admin/passkeys/options', a.auth, { mfa: a.mfa })).json().options;
    const dup = await call('POST', '/admin/passkeys', a.auth, {
      mfa: a.mfa,
      payload: { name: 'Same', response: key.register(opOptions, key.credentials.at(-1)) },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('passkey_exists');
  });
});

describe('the passkey as the operator’s second factor', () => {
  it('sets the cookie that opens the panel, moves the counter, and offers this operator’s passkeys only', async () => {
    const a = await operatorWithPasskey();
    const options = await secondFactorOptions(a.auth);
    expect((options.allowCredentials as Array<{ id: string }>).map((c) => c.id)).toEqual([a.key.credentials[0]!.id.toString('base64url')]);
    const res = await answer(a.auth, a.key.assert(options));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ username: a.username, second_factor: 'ok' });
    const mfa = mfaCookie(res)!;
    expect(cookie(res, 'assay_operator_device')).toBeTruthy();
    expect((await call('GET', '/admin/stats', a.auth, { mfa })).statusCode).toBe(200);
    const row = (
      await t.db.query<{ counter: string; last_used_at: Date | null }>(
        'SELECT counter::text, last_used_at FROM passkeys WHERE operator_id = $1',
        [a.id],
      )
    ).rows[0]!;
    expect(row.counter).toBe('1');
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses a replayed assertion and a challenge answered twice', async () => {
    const a = await operatorWithPasskey();
    const signed = a.key.assert(await secondFactorOptions(a.auth));
    expect((await answer(a.auth, signed)).statusCode).toBe(200);
    const replay = await answer(a.auth, signed);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'passkey_expired', detail: MSG.passkeyExpired });
    expect(mfaCookie(replay)).toBeUndefined();

    const options = await secondFactorOptions(a.auth);
    expect((await answer(a.auth, a.key.assert(options))).statusCode).toBe(200);
    expect((await answer(a.auth, a.key.assert(options))).json().code).toBe('passkey_expired');
  });

  it('refuses another operator’s passkey, and a challenge issued to another operator', async () => {
    const a = await operatorWithPasskey();
    const b = await operatorWithPasskey();
    // B signs A's options with B's own passkey: the challenge is A's, so it is gone for B.
    const forA = await secondFactorOptions(a.auth);
    const wrongOwner = await answer(b.auth, b.key.assert(forA));
    expect(wrongOwner.statusCode).toBe(400);
    expect(wrongOwner.json().code).toBe('passkey_expired');
    // B's passkey on B's challenge, sent with A's password: not one of A's passkeys.
    const forAAgain = await secondFactorOptions(a.auth);
    const res = await answer(a.auth, b.key.assert(forAAgain));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'passkey_invalid', detail: MSG.operatorPasskeyFailed });
    expect(mfaCookie(res)).toBeUndefined();
  });

  it('a member’s credential cannot complete an operator’s sign-in', async () => {
    const a = await operatorWithPasskey();
    const m = await signUpAndLogin(t, { email: uniqueEmail('op-pk-cross') });
    const memberKey = new SoftAuthenticator(origin);
    const mo = (
      await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: m.auth, payload: { password: GOOD_PASSWORD } })
    ).json().options;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/passkeys',
          headers: m.auth,
          payload: { name: 'Phone', response: memberKey.register(mo) },
        })
      ).statusCode,
    ).toBe(201);
    const res = await answer(a.auth, memberKey.assert(await secondFactorOptions(a.auth)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'passkey_invalid', detail: MSG.operatorPasskeyFailed });
    expect((await call('GET', '/admin/stats', a.auth)).statusCode).toBe(401);
  });

  it('an operator’s credential cannot sign in a member, nor finish a member’s code step', async () => {
    const a = await operatorWithPasskey();
    const options = (await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: '198.51.100.7' })).json()
      .options;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey',
      remoteAddress: '198.51.100.7',
      payload: { response: a.key.assert(options) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'passkey_invalid', detail: MSG.passkeyFailed });
    expect(res.cookies.find((c) => c.name === 'assay_refresh')).toBeUndefined();

    // A member at her code step (app on, and a passkey of her own) offered the operator's credential.
    const m = await signUpAndLogin(t, { email: uniqueEmail('op-pk-step') });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      headers: m.auth,
      payload: { password: GOOD_PASSWORD },
    });
    const secret = setup.json().secret as string;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/totp/enable', headers: m.auth, payload: { code } })).statusCode).toBe(200);
    const own = new SoftAuthenticator(origin);
    const mo = (
      await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: m.auth, payload: { password: GOOD_PASSWORD } })
    ).json().options;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/passkeys',
          headers: m.auth,
          payload: { name: 'Phone', response: own.register(mo) },
        })
      ).statusCode,
    ).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.8',
      payload: { username: m.email, password: GOOD_PASSWORD },
    });
    expect(login.json().second_factor_required, login.body).toBe(true);
    const challenge = login.json().challenge as string;
    const stepOptions = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/second-factor/passkey/options',
        remoteAddress: '198.51.100.8',
        payload: { challenge },
      })
    ).json().options;
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor/passkey',
      remoteAddress: '198.51.100.8',
      payload: { challenge, response: a.key.assert(stepOptions) },
    });
    expect(step.statusCode).toBe(400);
    expect(step.json().code).toBe('passkey_invalid');
  });

  it('failures count like wrong codes: per operator, and the operator’s own browser keeps a budget of its own', async () => {
    const a = await operatorWithPasskey();
    // The operator's own browser got its device cookie with a right answer.
    const own = await answer(a.auth, a.key.assert(await secondFactorOptions(a.auth)));
    const device = cookie(own, 'assay_operator_device')!;
    const stranger = new SoftAuthenticator(origin);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'eA' } });
    for (let i = 0; i < 3; i++) expect((await answer(a.auth, stranger.assert(await secondFactorOptions(a.auth)))).statusCode).toBe(400);
    const locked = await call('POST', '/admin/second-factor/passkey/options', a.auth);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe(MSG.secondFactorTooManyAttempts);
    const lockedAnswer = await answer(a.auth, a.key.assert({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rpId: 'localhost' }));
    expect(lockedAnswer.statusCode).toBe(429);
    // Her browser still signs her in.
    const mine = await answer(a.auth, a.key.assert(await secondFactorOptions(a.auth, device)), device);
    expect(mine.statusCode).toBe(200);
  });

  it('the shell’s reset-password removes the operator’s passkeys with the app', async () => {
    const a = await operatorWithPasskey();
    const { password } = await resetOperatorPassword(t.db, a.username, 12);
    expect((await call('POST', '/admin/login', basic(a.username, password))).json().second_factor).toBe('enrol');
    expect((await t.db.query('SELECT 1 FROM passkeys WHERE operator_id = $1', [a.id])).rows).toHaveLength(0);
  });
});
