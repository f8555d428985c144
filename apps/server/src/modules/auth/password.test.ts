import { MSG, OTP } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, login, signUpAndLogin, uniqueEmail, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Rate limits are tested elsewhere: every call here comes from the same loopback address.
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_OTP_PER_IP: '1000' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'N3wPassw0rdX';

const loginStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } })).statusCode;
const me = (m: { access_token: string }) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${m.access_token}` } });
const refresh = (m: { refresh_token: string }) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: m.refresh_token } });
const changePassword = (m: Member, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: m.auth, payload });
const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (email: string, otp: string, new_password = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email, otp, new_password } });
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));
/** The mails queued to an address (sent by the worker), subject and text. */
/** Password notices queued to an address (a second sign-in from a new browser also queues a "new sign-in" notice). */
const queuedTo = async (email: string) =>
  (
    await t.db.query<{ subject: string; text: string }>(
      `SELECT data->>'subject' AS subject, data->>'text' AS text FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1
        AND data->>'subject' LIKE '%password%' ORDER BY created_on`,
      [email],
    )
  ).rows;
const passwordHash = async (email: string) =>
  (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email])).rows[0]!.password_hash;

/** Asks for a reset code and returns it from the mailbox. */
async function resetCode(email: string) {
  const before = mailsTo(email).length;
  expect((await forgot(email)).statusCode).toBe(200);
  const deadline = Date.now() + 5000;
  while (mailsTo(email).length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const mail = mailsTo(email).at(-1)!;
  expect(mail.subject).toMatch(/reset/i);
  return mail.code!;
}

describe('change password', () => {
  it('refuses a wrong current password with 400 and a clear detail, and keeps the old password', async () => {
    const m = await signUpAndLogin(t);
    const hash = await passwordHash(m.email);
    const res = await changePassword(m, { current_password: 'NotMyPassw0rd', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.wrongCurrentPassword);
    expect(await passwordHash(m.email)).toBe(hash);
    expect((await me(m)).statusCode).toBe(200);
  });

  it.each([
    [{ new_password: 'Sh0rt' }, MSG.passwordMin8],
    [{ new_password: 'alllowercase1' }, MSG.passwordComplexity],
    [{ new_password: 'NoDigitsHere' }, MSG.passwordComplexity],
    [{ new_password: '' }, MSG.newPasswordRequired],
    [{ current_password: '' }, MSG.currentPasswordRequired],
  ])('rejects %j with 422 and the spec message', async (patch, detail) => {
    const m = await signUpAndLogin(t);
    const hash = await passwordHash(m.email);
    const res = await changePassword(m, { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD, ...patch });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    expect(await passwordHash(m.email)).toBe(hash);
  });

  it('refuses the same password as the new one', async () => {
    const m = await signUpAndLogin(t);
    const res = await changePassword(m, { current_password: GOOD_PASSWORD, new_password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.samePassword);
  });

  it('needs a signed-in member', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits current-password guesses like sign-in attempts (a stolen access token cannot brute-force it)', async () => {
    const m = await signUpAndLogin(t); // a successful sign-in counts nothing
    const limit = t.config.RATE_LIMIT_LOGIN_PER_ACCOUNT;
    for (let i = 0; i < limit; i++) {
      const res = await changePassword(m, { current_password: `Wr0ngGuess${i}`, new_password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await changePassword(m, { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed, and the owner's own sign-in is not held back by it.
    expect(await loginStatus(m.email, NEW_PASSWORD)).toBe(401);
    expect(await loginStatus(m.email, GOOD_PASSWORD)).toBe(200);
  });

  it('changes it: the new password signs in, the old does not, other sessions end, this one goes on', async () => {
    const current = await signUpAndLogin(t);
    const other = await login(t, current.email);
    const res = await changePassword(current, { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.passwordChanged);

    expect(await loginStatus(current.email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(current.email, GOOD_PASSWORD)).toBe(401);

    expect((await me(other)).statusCode).toBe(401);
    expect((await refresh(other)).statusCode).toBe(401);

    expect((await me(current)).statusCode).toBe(200);
    expect((await refresh(current)).statusCode).toBe(200);

    // A security notice, whatever the member's mail preferences: when, and what to do if it was not her.
    const [notice, ...more] = await queuedTo(current.email);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Your Assay password was changed');
    expect(notice!.text).toMatch(
      /on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC\. Every other signed-in device has been signed out\./,
    );
    expect(notice!.text).toContain(`${t.config.PUBLIC_URL}/forgot-password`);
    expect(notice!.text).not.toMatch(/reply/i);
  });

  it('mails no notice when the change is refused', async () => {
    const m = await signUpAndLogin(t);
    expect((await changePassword(m, { current_password: 'wrong-password-1', new_password: NEW_PASSWORD })).statusCode).toBe(400);
    expect(await queuedTo(m.email)).toEqual([]);
  });
});

describe('forgot and reset password', () => {
  it('answers identically for an existing and an unknown email, and mails a code only to the existing one', async () => {
    const m = await signUpAndLogin(t);
    const unknown = uniqueEmail('nobody');
    const before = mailsTo(m.email).length;
    const a = await forgot(unknown);
    const b = await forgot(m.email);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(a.json().message).toBe(MSG.resetRequested);

    const mail = await (async () => {
      const deadline = Date.now() + 5000;
      while (mailsTo(m.email).length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return mailsTo(m.email).at(-1)!;
    })();
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mailsTo(unknown)).toHaveLength(0);
    expect((await t.db.query('SELECT 1 FROM users WHERE email = $1', [unknown])).rows).toHaveLength(0);
    // Stored hashed, like every code.
    const rows = await t.db.query<Record<string, unknown>>(`SELECT * FROM email_codes WHERE purpose = 'reset_password' AND user_id = $1`, [
      m.user.id,
    ]);
    expect(JSON.stringify(rows.rows)).not.toContain(mail.code!);
  });

  it('sets the new password with the emailed code and signs out every existing session', async () => {
    const a = await signUpAndLogin(t);
    const b = await login(t, a.email);
    const code = await resetCode(a.email);

    const res = await reset(a.email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.passwordReset);

    for (const s of [a, b]) {
      expect((await me(s)).statusCode).toBe(401);
      expect((await refresh(s)).statusCode).toBe(401);
    }
    expect(await loginStatus(a.email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(a.email, GOOD_PASSWORD)).toBe(401);
    // A security notice says it happened; a refused try (the code again) mails nothing more.
    expect((await queuedTo(a.email)).map((m) => m.subject)).toEqual(['Your Assay password was reset']);
    // The code works once.
    const again = await reset(a.email, code, 'An0therPassw0rd');
    expect(again.statusCode).toBe(400);
    expect(await queuedTo(a.email)).toHaveLength(1);
    expect(await loginStatus(a.email, NEW_PASSWORD)).toBe(200);
  });

  it(`counts wrong codes like the email code: after ${OTP.maxAttempts} wrong tries the right one is refused`, async () => {
    const m = await signUpAndLogin(t);
    const code = await resetCode(m.email);
    const hash = await passwordHash(m.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP.maxAttempts; i++) {
      const res = await reset(m.email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(MSG.otpFailed);
    }
    const right = await reset(m.email, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().detail).toBe(MSG.otpTooManyAttempts);
    expect(await passwordHash(m.email)).toBe(hash);
    expect((await me(m)).statusCode).toBe(200);
  });

  it('lets the owner reset her password while strangers send forgot-password and wrong codes from many addresses', async () => {
    const m = await signUpAndLogin(t);
    const hash = await passwordHash(m.email);
    const from = (i: number) => ({ remoteAddress: `198.51.100.${i}` });
    const pastCooldown = () =>
      t.db.query(`UPDATE email_codes SET created_at = now() - interval '2 minutes' WHERE user_id = $1`, [m.user.id]);
    // Six "minutes" of attack: forgot-password from a new address, then wrong codes from others.
    let ip = 10;
    for (let minute = 0; minute < 6; minute++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: m.email }, ...from(ip++) });
      for (let i = 0; i < OTP.maxAttempts + 1; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { email: m.email, otp: '000000', new_password: 'Attack3rPassw0rd' },
          ...from(ip++),
        });
      }
      await pastCooldown();
    }
    expect(await passwordHash(m.email)).toBe(hash);
    // Her own request is answered and a mail really leaves: the cooldown had passed.
    const before = mailsTo(m.email).length;
    expect((await forgot(m.email)).statusCode).toBe(200);
    const mail = await (async () => {
      const deadline = Date.now() + 5000;
      while (mailsTo(m.email).length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return mailsTo(m.email).at(-1)!;
    })();
    expect(mailsTo(m.email).length).toBe(before + 1);
    expect(mail.raw).toContain('/forgot-password#email=');
    // Typed, the code is held back by strangers' wrong guesses; from the mail's link it works.
    expect((await reset(m.email, mail.code!)).statusCode).toBe(429);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: m.email, otp: mail.code, new_password: NEW_PASSWORD, key: mail.key },
    });
    expect(res.statusCode).toBe(200);
    expect(await loginStatus(m.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses an expired code, a weak password and an unknown email without changing anything', async () => {
    const m = await signUpAndLogin(t);
    const code = await resetCode(m.email);
    const hash = await passwordHash(m.email);

    const weak = await reset(m.email, code, 'weakpass');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail).toBe(MSG.passwordComplexity);

    const unknown = await reset(uniqueEmail('nobody'), code);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(MSG.otpFailed);

    await t.db.query(`UPDATE email_codes SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [m.user.id]);
    const expired = await reset(m.email, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe(MSG.otpExpired);

    expect(await passwordHash(m.email)).toBe(hash);
    expect((await me(m)).statusCode).toBe(200);
  });

  it('does not accept an email-verification code as a reset code', async () => {
    const email = uniqueEmail('unverified');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Annie Easley', email, phone: '+1 555 010 1234', password: GOOD_PASSWORD },
    });
    const verifyCode = (await t.smtp.lastTo(email)).code!;
    const res = await reset(email, verifyCode);
    expect(res.statusCode).toBe(400);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(401);
  });

  it('verifies an unverified account, since the code proves the mailbox', async () => {
    const email = uniqueEmail('unverified');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Annie Easley', email, phone: '+1 555 010 1234', password: GOOD_PASSWORD },
    });
    await t.smtp.lastTo(email);
    const code = await resetCode(email);
    expect((await reset(email, code)).statusCode).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });
});
