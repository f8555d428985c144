import { MSG } from '@assay/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin, uniqueEmail, type Member } from '../../../test/members.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Changing the e-mail address and undoing it from the old mailbox (decision 190). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_OTP_PER_IP: '1000' });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, auth?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, ...(auth ? { headers: auth } : {}) });
const queued = async (email: string, subject: string) =>
  (
    await t.db.query<{ text: string }>(
      `SELECT data->>'text' AS text FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' = $2`,
      [email, subject],
    )
  ).rows;
const loginStatus = async (email: string, password = GOOD_PASSWORD) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } })).statusCode;

/** Changes m's address to a new one; answers it and the revert key from the old address's notice. */
async function changeEmail(m: Member) {
  const next = uniqueEmail('moved');
  const asked = await post('email-change', { new_email: next.toUpperCase(), password: GOOD_PASSWORD }, m.auth);
  expect(asked.statusCode).toBe(200);
  expect(asked.json().message).toBe(MSG.emailChangeCodeSent);
  const mail = await t.smtp.lastTo(next);
  const done = await post('email-change/confirm', { otp: mail.code }, m.auth);
  expect(done.statusCode).toBe(200);
  expect(done.json().email).toBe(next);
  const [notice] = await queued(m.email, 'Assay: Your email address was changed');
  const key = /email-change-revert#key=([A-Za-z0-9_-]+)/.exec(notice!.text)?.[1];
  expect(key).toBeTruthy();
  return { next, key: key! };
}

describe('changing the email address', () => {
  it('asks for the password, proves the new address with a code, and tells the old one', async () => {
    const m = await signUpAndLogin(t);
    const wrong = await post('email-change', { new_email: uniqueEmail(), password: 'Wrong-passw0rd' }, m.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(MSG.wrongCurrentPassword);

    const { next } = await changeEmail(m);
    expect(await loginStatus(next)).toBe(200);
    expect(await loginStatus(m.email)).toBe(401);
    const [notice] = await queued(m.email, 'Assay: Your email address was changed');
    expect(notice!.text).toContain(`from ${m.email} to ${next}`);
  });

  it('refuses the same address, one another account uses, a wrong code, and calls without a session', async () => {
    const m = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    expect((await post('email-change', { new_email: m.email, password: GOOD_PASSWORD }, m.auth)).json().code).toBe('email_same');
    const taken = await post('email-change', { new_email: other.email, password: GOOD_PASSWORD }, m.auth);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(MSG.emailChangeTaken);

    const next = uniqueEmail('moved');
    await post('email-change', { new_email: next, password: GOOD_PASSWORD }, m.auth);
    const code = (await t.smtp.lastTo(next)).code!;
    const bad = await post('email-change/confirm', { otp: code === '000000' ? '111111' : '000000' }, m.auth);
    expect(bad.statusCode).toBe(400);
    expect((await post('email-change/confirm', { otp: code })).statusCode).toBe(401);
    expect((await post('email-change', { new_email: next, password: GOOD_PASSWORD })).statusCode).toBe(401);
    // The code is for this account only: another member cannot spend it.
    expect((await post('email-change/confirm', { otp: code }, other.auth)).statusCode).toBe(400);
    expect((await post('email-change/confirm', { otp: code }, m.auth)).statusCode).toBe(200);
  });

  it('“this wasn’t me” puts the old address back, ends every session, locks the password and drops an authenticator the intruder added', async () => {
    const m = await signUpAndLogin(t);
    const { next, key } = await changeEmail(m);
    // The intruder also adds an authenticator.
    const setup = await post('totp/setup', { password: GOOD_PASSWORD }, m.auth);
    const { TOTP, Secret } = await import('otpauth');
    expect(
      (await post('totp/enable', { code: TOTP.generate({ secret: Secret.fromBase32(setup.json().secret) }) }, m.auth)).statusCode,
    ).toBe(200);

    const res = await post('email-change/revert', { key });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.emailChangeReverted);
    const row = (await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [m.user.id])).rows[0]!;
    expect(row.email).toBe(m.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: m.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: m.refresh_token } })).statusCode).toBe(
      401,
    );
    expect(await loginStatus(m.email)).toBe(401);
    expect(await loginStatus(next)).toBe(401);
    expect((await t.db.query('SELECT 1 FROM totp_factors WHERE user_id = $1', [m.user.id])).rows).toHaveLength(0);
    expect(await queued(m.email, 'Assay: Your email address was changed back')).toHaveLength(1);

    // The owner's way back: a reset through her restored mailbox.
    expect((await post('forgot-password', { email: m.email })).statusCode).toBe(200);
    let reset = t.smtp.received.find((r) => r.to.includes(m.email) && r.subject.includes('password reset code'));
    for (let i = 0; !reset && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      reset = t.smtp.received.find((r) => r.to.includes(m.email) && r.subject.includes('password reset code'));
    }
    expect((await post('reset-password', { email: m.email, otp: reset!.code, new_password: 'An0ther-password' })).statusCode).toBe(200);
    expect(await loginStatus(m.email, 'An0ther-password')).toBe(200);
    // The link works once.
    expect((await post('email-change/revert', { key })).statusCode).toBe(404);
  });

  it('the link stops working after 7 days, and a made-up key opens nothing', async () => {
    const m = await signUpAndLogin(t);
    const { key } = await changeEmail(m);
    await t.db.query(`UPDATE email_changes SET changed_at = now() - interval '7 days 1 minute' WHERE user_id = $1`, [m.user.id]);
    const late = await post('email-change/revert', { key });
    expect(late.statusCode).toBe(404);
    expect(late.json().detail).toBe(MSG.emailChangeRevertInvalid);
    expect((await post('email-change/revert', { key: 'A'.repeat(22) })).statusCode).toBe(404);
    expect((await post('email-change/revert', { key: 'short' })).statusCode).toBe(422);
  });

  it('takes a code from the authenticator app instead of the password, once, and only for an account that has one', async () => {
    const m = await signUpAndLogin(t, { email: uniqueEmail('by-code') });
    const next = uniqueEmail('moved-by-code');
    // No app yet: a code cannot stand in for the password; neither can nothing at all.
    const noApp = await post('email-change', { new_email: next, code: '123456' }, m.auth);
    expect(noApp.statusCode).toBe(400);
    expect(noApp.json().code).toBe('totp_not_enabled');
    const nothing = await post('email-change', { new_email: next }, m.auth);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.body).toContain(MSG.currentPasswordRequired);

    const setup = await post('totp/setup', { password: GOOD_PASSWORD }, m.auth);
    const secret = setup.json().secret as string;
    const at = (steps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
    expect((await post('totp/enable', { code: at(-1) }, m.auth)).statusCode).toBe(200);

    const wrong = await post('email-change', { new_email: next, code: at(5) }, m.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('second_factor_invalid');
    // The code of the step enrolment already used is spent.
    expect((await post('email-change', { new_email: next, code: at(-1) }, m.auth)).statusCode).toBe(400);

    const code = at(0);
    const asked = await post('email-change', { new_email: next, code }, m.auth);
    expect(asked.statusCode).toBe(200);
    const done = await post('email-change/confirm', { otp: (await t.smtp.lastTo(next)).code }, m.auth);
    expect(done.json().email).toBe(next);
    // A code seen in transit does not start a second change.
    expect((await post('email-change', { new_email: uniqueEmail('again'), code }, m.auth)).statusCode).toBe(400);
  });

  it('takes one of the member’s passkeys instead of the password (decision 228): verified, once, hers only', async () => {
    const origin = new URL(t.config.PUBLIC_URL).origin;
    const m = await signUpAndLogin(t, { email: uniqueEmail('by-passkey') });
    const next = uniqueEmail('moved-by-passkey');
    const reauth = async (who: Member = m) => {
      const res = await post('email-change/passkey/options', {}, who.auth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().options as Record<string, unknown>;
    };
    // No passkey yet: nothing to offer.
    const none = await post('email-change/passkey/options', {}, m.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('no_passkey');

    const key = new SoftAuthenticator(origin);
    const regOptions = (await post('passkeys/options', { password: GOOD_PASSWORD }, m.auth)).json().options;
    expect((await post('passkeys', { name: 'Laptop', response: key.register(regOptions) }, m.auth)).statusCode).toBe(201);

    const options = await reauth();
    expect(options.userVerification).toBe('required');
    expect((options.allowCredentials as Array<{ id: string }>).map((c) => c.id)).toEqual([key.credentials[0]!.id.toString('base64url')]);

    // Another member's passkey over her challenge: not hers.
    const other = await signUpAndLogin(t, { email: uniqueEmail('by-passkey-other') });
    const otherKey = new SoftAuthenticator(origin);
    const otherReg = (await post('passkeys/options', { password: GOOD_PASSWORD }, other.auth)).json().options;
    expect((await post('passkeys', { name: 'Phone', response: otherKey.register(otherReg) }, other.auth)).statusCode).toBe(201);
    const foreign = await post('email-change', { new_email: next, passkey: otherKey.assert(await reauth()) }, m.auth);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'passkey_invalid', detail: MSG.reauthPasskeyFailed });
    // Her challenge answered from the other member's session: issued to someone else, so gone.
    const crossed = await post('email-change', { new_email: uniqueEmail('x'), passkey: key.assert(await reauth()) }, other.auth);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('passkey_expired');
    // A sign-in challenge (not issued for re-authentication) does not count either.
    const signInOptions = (await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })).json().options;
    expect((await post('email-change', { new_email: next, passkey: key.assert(signInOptions) }, m.auth)).json().code).toBe(
      'passkey_expired',
    );
    // A device that did not check who holds it (no PIN, fingerprint or face) is not enough.
    const touchOnly = new SoftAuthenticator(origin, { userVerified: false });
    const touchReg = (await post('passkeys/options', { password: GOOD_PASSWORD }, m.auth)).json().options;
    expect((await post('passkeys', { name: 'Key', response: touchOnly.register(touchReg) }, m.auth)).statusCode).toBe(201);
    expect((await post('email-change', { new_email: next, passkey: touchOnly.assert(await reauth()) }, m.auth)).json().code).toBe(
      'passkey_invalid',
    );

    const signed = key.assert(await reauth());
    const asked = await post('email-change', { new_email: next, passkey: signed }, m.auth);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(MSG.emailChangeCodeSent);
    // The rest is the flow as ever: a code to the new address, the notice to the old one.
    const done = await post('email-change/confirm', { otp: (await t.smtp.lastTo(next)).code }, m.auth);
    expect(done.json().email).toBe(next);
    expect(await queued(m.email, 'Assay: Your email address was changed')).toHaveLength(1);
    // The same answer replayed starts nothing.
    const replay = await post('email-change', { new_email: uniqueEmail('again'), passkey: signed }, m.auth);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'passkey_expired', detail: MSG.passkeyExpired });
  });

  it('a passkey re-authentication shares the per-account budget of the re-entered password', async () => {
    const origin = new URL(t.config.PUBLIC_URL).origin;
    const m = await signUpAndLogin(t, { email: uniqueEmail('by-passkey-limit') });
    const key = new SoftAuthenticator(origin);
    const regOptions = (await post('passkeys/options', { password: GOOD_PASSWORD }, m.auth)).json().options;
    expect((await post('passkeys', { name: 'Laptop', response: key.register(regOptions) }, m.auth)).statusCode).toBe(201);
    const limit = t.config.RATE_LIMIT_LOGIN_PER_ACCOUNT;
    for (let i = 0; i < limit; i++) {
      const options = (await post('email-change/passkey/options', {}, m.auth)).json().options;
      const res = await post(
        'email-change',
        { new_email: uniqueEmail('l'), passkey: key.assert(options, undefined, { origin: 'https://evil.example' }) },
        m.auth,
      );
      expect(res.statusCode).toBe(400);
    }
    const options = (await post('email-change/passkey/options', {}, m.auth)).json().options;
    expect((await post('email-change', { new_email: uniqueEmail('l'), passkey: key.assert(options) }, m.auth)).statusCode).toBe(429);
  });
});
