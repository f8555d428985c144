import { EXPERT_ACCESS_MESSAGES, MSG, OTP } from '@assay/shared';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.ts';
import { unseal } from '../../lib/sealed.ts';
import { asExpert, createReviewTestApp, GOOD_PASSWORD, inviteAndSignIn, sessionCookieOf, waitFor, type Expert } from './test-support.ts';

/**
 * Decision 235: experts' two-factor sign-in — the members' authenticator app and recovery codes
 * (decision 190) behind the expert portal's own session — and the sign-in protections strangers
 * cannot turn against the expert (decisions 050 and 160).
 */
const WRONG_PER_EXPERT = 6;
const TRUSTED_FAILURES = 3;
const PASSWORD_FAILURES = 4;
const OTP_PER_IP = 8;

let t: TestApp;
beforeAll(async () => {
  t = await createReviewTestApp({
    OTP_WRONG_CODES_PER_ACCOUNT: String(WRONG_PER_EXPERT),
    TRUSTED_DEVICE_FAILURES: String(TRUSTED_FAILURES),
    OPERATOR_LOCKOUT_FAILURES: String(PASSWORD_FAILURES),
    OPERATOR_FAILURES_PER_IP: '1000',
    RATE_LIMIT_OTP_PER_IP: String(OTP_PER_IP),
  });
  await t.startWorker();
}, 300_000);
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;
const mailTo = (to: string, subject: RegExp) =>
  waitFor(async () => t.smtp.received.find((r) => r.to.includes(to) && subject.test(r.subject)), 20_000);

const login = (email: string, opts: { ip?: string; device?: string; password?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/expert/login',
    payload: { email, password: opts.password ?? GOOD_PASSWORD },
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.device ? { cookies: { assay_expert_device: opts.device } } : {}),
  });
const secondFactor = (challenge: string, code: string, opts: { ip?: string; device?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/expert/login/second-factor',
    payload: { challenge, code },
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.device ? { cookies: { assay_expert_device: opts.device } } : {}),
  });
async function challengeFor(email: string, opts: { device?: string } = {}) {
  const res = await login(email, opts);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
  return res.json<{ challenge: string }>().challenge;
}

/** An expert with the app on: the secret (enrolled with the previous step's code, so now and next are unused) and recovery codes. */
async function expertWithTotp(): Promise<{ e: Expert; secret: string; recovery: string[] }> {
  const e = await inviteAndSignIn(t);
  const setup = await asExpert(t, e, 'POST', '/api/expert/totp/setup', { password: GOOD_PASSWORD });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json<{ secret: string }>().secret;
  const on = await asExpert(t, e, 'POST', '/api/expert/totp/enable', { code: codeAt(secret, -1) });
  expect(on.statusCode, on.body).toBe(200);
  return { e, secret, recovery: on.json<{ recovery_codes: string[] }>().recovery_codes };
}
/** A browser the expert completed a sign-in from: its device cookie. */
async function knownBrowser(email: string, secret: string) {
  const done = await secondFactor(await challengeFor(email), codeAt(secret));
  expect(done.statusCode, done.body).toBe(200);
  return cookieOf(done, 'assay_expert_device')!;
}
const resetStep = (e: Expert) => t.db.query('UPDATE expert_totp_factors SET last_step = 0 WHERE expert_id = $1', [e.id]);

describe('an expert turns on two-factor sign-in', () => {
  it('behind the password: a secret and QR code shown once, sealed at rest, on only once a code is typed; ten recovery codes; mailed and audited', async () => {
    const e = await inviteAndSignIn(t);
    const wrong = await asExpert(t, e, 'POST', '/api/expert/totp/setup', { password: 'Wrong-passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(MSG.wrongCurrentPassword);

    const setup = await asExpert(t, e, 'POST', '/api/expert/totp/setup', { password: GOOD_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_svg } = setup.json<{ secret: string; otpauth_uri: string; qr_svg: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(otpauth_uri).toContain(encodeURIComponent(`expert:${e.email}`));
    expect(qr_svg).toMatch(/^<svg/);
    const row = (
      await t.db.query<{ secret_sealed: string; confirmed_at: Date | null }>('SELECT * FROM expert_totp_factors WHERE expert_id = $1', [
        e.id,
      ])
    ).rows[0]!;
    expect(row.confirmed_at).toBeNull();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(unseal(t.config.JWT_SECRET, 'totp-secret', row.secret_sealed)).toBe(secret);
    expect((await asExpert(t, e, 'GET', '/api/expert/security')).json()).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      required: false,
    });
    // Not on yet: signing in still asks for the password only.
    expect((await login(e.email)).json()).not.toHaveProperty('second_factor_required');

    const bad = await asExpert(t, e, 'POST', '/api/expert/totp/enable', { code: codeAt(secret, 4) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('second_factor_invalid');
    const on = await asExpert(t, e, 'POST', '/api/expert/totp/enable', { code: codeAt(secret) });
    expect(on.statusCode).toBe(200);
    const codes = on.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM expert_recovery_codes WHERE expert_id = $1', [e.id]);
    expect(stored.rows).toHaveLength(10);
    expect(JSON.stringify(stored.rows)).not.toContain(codes[0]!.replace(/-/g, ''));
    // The expert's codes are theirs: the members' table holds none of them.
    expect((await t.db.query('SELECT 1 FROM recovery_codes WHERE user_id::text = $1', [e.id])).rows).toHaveLength(0);

    expect((await asExpert(t, e, 'GET', '/api/expert/security')).json()).toEqual({
      totp_enabled: true,
      recovery_codes_left: 10,
      required: false,
    });
    expect((await asExpert(t, e, 'GET', '/api/expert/me')).json()).toMatchObject({ totp_enabled: true, two_factor_required: false });
    expect((await asExpert(t, e, 'POST', '/api/expert/totp/setup', { password: GOOD_PASSWORD })).statusCode).toBe(409);
    const audit = await t.db.query(
      `SELECT 1 FROM operator_audit_log WHERE action = 'expert.totp_enabled' AND target = $1 AND operator_username = $2`,
      [`expert:${e.id}`, `expert:${e.email}`],
    );
    expect(audit.rows).toHaveLength(1);
    const mail = await mailTo(e.email, /Two-factor sign-in was turned on/);
    expect(mail.raw).toMatch(/authenticator app was added/);
  });

  it('needs the expert session: a member or no one gets a 401 from every second-factor setting', async () => {
    for (const url of ['/api/expert/totp/setup', '/api/expert/totp/enable', '/api/expert/totp/disable', '/api/expert/recovery-codes']) {
      expect((await t.app.inject({ method: 'POST', url, payload: { password: GOOD_PASSWORD, code: '123456' } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/expert/security' })).statusCode).toBe(401);
  });
});

describe('signing in with the code', () => {
  it('a right password answers a challenge, no session and no trusted-browser cookie; the code opens the session and trusts the browser', async () => {
    const { e, secret } = await expertWithTotp();
    const res = await login(e.email);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'assay_expert')).toBeUndefined();
    expect(cookieOf(res, 'assay_expert_device')).toBeUndefined();
    const { challenge } = res.json<{ challenge: string }>();

    // A member's code step knows nothing of an expert's challenge.
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge, code: codeAt(secret) },
    });
    expect(asMember.statusCode).toBe(401);

    const done = await secondFactor(challenge, codeAt(secret));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: e.email, totp_enabled: true });
    const session = { cookie: `assay_expert=${sessionCookieOf(done.headers['set-cookie'])}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/expert/assignments', headers: session })).statusCode).toBe(200);
    const device = done.cookies.find((c) => c.name === 'assay_expert_device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/expert/login' });
    // The challenge is spent with the sign-in.
    expect((await secondFactor(challenge, codeAt(secret, 1))).statusCode).toBe(401);
    const audit = await t.db.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM operator_audit_log WHERE action = 'expert.sign_in' AND target = $1 ORDER BY id DESC LIMIT 1`,
      [`expert:${e.id}`],
    );
    expect(audit.rows[0]!.details).toMatchObject({ second_factor: 'totp' });
  });

  it('a code works once (replay refused, even on a new challenge), and two requests racing with one code open one session', async () => {
    const { e, secret } = await expertWithTotp();
    const code = codeAt(secret);
    expect((await secondFactor(await challengeFor(e.email), code)).statusCode).toBe(200);
    const replay = await secondFactor(await challengeFor(e.email), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toBe(MSG.secondFactorFailed);
    const fresh = codeAt(secret, 1);
    const [a, b] = await Promise.all([secondFactor(await challengeFor(e.email), fresh), secondFactor(await challengeFor(e.email), fresh)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('each recovery code works once, in any case and with or without dashes', async () => {
    const { e, recovery } = await expertWithTotp();
    expect((await secondFactor(await challengeFor(e.email), recovery[0]!.toUpperCase())).statusCode).toBe(200);
    expect((await secondFactor(await challengeFor(e.email), recovery[0]!)).statusCode).toBe(400);
    expect((await secondFactor(await challengeFor(e.email), recovery[1]!.replace(/-/g, ''))).statusCode).toBe(200);
  });

  it('refuses malformed codes and unknown challenges with a clear 4xx, never a 500', async () => {
    const { e } = await expertWithTotp();
    const bad = await secondFactor(await challengeFor(e.email), '12345');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe(MSG.secondFactorCodeInvalid);
    const unknown = await secondFactor('x'.repeat(32), '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe(MSG.secondFactorExpired);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/expert/login/second-factor',
      payload: { challenge: 'a\u0000b', code: 1 },
    });
    expect(garbage.statusCode).toBe(422);
  });

  it(`a challenge takes ${OTP.maxAttempts} codes, then the password is asked again`, async () => {
    const { e, secret } = await expertWithTotp();
    const challenge = await challengeFor(e.email);
    // Recovery-shaped guesses: they count on the challenge, not on the expert's budget.
    for (let i = 0; i < OTP.maxAttempts; i++) expect((await secondFactor(challenge, 'zzzz-zzzz-zzzz')).statusCode).toBe(400);
    const spent = await secondFactor(challenge, codeAt(secret));
    expect(spent.statusCode).toBe(401);
    expect(spent.json().code).toBe('second_factor_expired');
  });
});

describe('strangers cannot lock the expert out (decisions 050 and 160)', () => {
  it('someone with the password gets at most OTP_WRONG_CODES_PER_ACCOUNT wrong codes a window from any address — and still cannot keep the expert out of a known browser or a recovery code', async () => {
    const { e, secret, recovery } = await expertWithTotp();
    const own = await knownBrowser(e.email, secret);
    await resetStep(e);
    for (let i = 0; i < WRONG_PER_EXPERT; i++) {
      // A new challenge and a new address for every guess: neither resets the expert's budget.
      expect((await secondFactor(await challengeFor(e.email), codeAt(secret, 5 + i))).statusCode).toBe(400);
    }
    const locked = await secondFactor(await challengeFor(e.email), codeAt(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe(MSG.secondFactorTooManyAttempts);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // The expert's own browser has its own budget: the right code works there.
    const mine = await secondFactor(await challengeFor(e.email, { device: own }), codeAt(secret), { device: own });
    expect(mine.statusCode, mine.body).toBe(200);
    // A new browser of the expert's: a recovery code is not held back by the strangers' failures.
    expect((await secondFactor(await challengeFor(e.email), recovery[0]!)).statusCode).toBe(200);
  });

  it('wrong passwords from many addresses lock the e-mail for new browsers only: the expert signs in from a known one', async () => {
    const { e, secret } = await expertWithTotp();
    const own = await knownBrowser(e.email, secret);
    for (let i = 0; i < PASSWORD_FAILURES; i++) expect((await login(e.email, { password: 'Wrong-passw0rd' })).statusCode).toBe(401);
    // Past the limit a new browser is held back even with the right password …
    const held = await login(e.email);
    expect(held.statusCode).toBe(429);
    // … but the expert's own browser goes on to the code step and in.
    const challenge = await challengeFor(e.email, { device: own });
    expect((await secondFactor(challenge, codeAt(secret, 1), { device: own })).statusCode).toBe(200);
  });

  it('the expert without an app is not locked out of a known browser either', async () => {
    const e = await inviteAndSignIn(t);
    const first = await login(e.email);
    expect(first.statusCode).toBe(200);
    const own = cookieOf(first, 'assay_expert_device')!;
    expect(own).toBeTruthy();
    for (let i = 0; i < PASSWORD_FAILURES; i++) await login(e.email, { password: 'Wrong-passw0rd' });
    expect((await login(e.email)).statusCode).toBe(429);
    const mine = await login(e.email, { device: own });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ email: e.email });
  });

  it('a known browser has a small budget of its own, and another expert’s device cookie buys no budget here', async () => {
    const a = await expertWithTotp();
    const device = await knownBrowser(a.e.email, a.secret);
    await resetStep(a.e);
    for (let i = 0; i < TRUSTED_FAILURES; i++) {
      expect((await secondFactor(await challengeFor(a.e.email, { device }), codeAt(a.secret, 5 + i), { device })).statusCode).toBe(400);
    }
    expect((await secondFactor(await challengeFor(a.e.email, { device }), codeAt(a.secret, 1), { device })).statusCode).toBe(429);

    const b = await expertWithTotp();
    for (let i = 0; i < WRONG_PER_EXPERT; i++) {
      await secondFactor(await challengeFor(b.e.email, { device }), codeAt(b.secret, 5 + i), { device });
    }
    expect((await secondFactor(await challengeFor(b.e.email), codeAt(b.secret))).statusCode).toBe(429);
  });

  it('one address guessing codes is held back after RATE_LIMIT_OTP_PER_IP wrong codes, whichever expert it tries', async () => {
    const ip = '203.0.113.77';
    const experts = await Promise.all([expertWithTotp(), expertWithTotp()]);
    for (let i = 0; i < OTP_PER_IP; i++) {
      const x = experts[i % 2]!;
      expect((await secondFactor(await challengeFor(x.e.email), 'zzzz-zzzz-zzzz', { ip })).statusCode).toBe(400);
    }
    const held = await secondFactor(await challengeFor(experts[0]!.e.email), experts[0]!.recovery[0]!, { ip });
    expect(held.statusCode).toBe(429);
    // The expert from another address is not held back by it.
    expect((await secondFactor(await challengeFor(experts[0]!.e.email), experts[0]!.recovery[0]!)).statusCode).toBe(200);
  });
});

describe('turning it off and new recovery codes', () => {
  it('asks for the password, mails the expert, and sign-in asks for the password only again', async () => {
    const { e } = await expertWithTotp();
    expect((await asExpert(t, e, 'POST', '/api/expert/totp/disable', { password: 'Wrong-passw0rd' })).statusCode).toBe(400);
    const off = await asExpert(t, e, 'POST', '/api/expert/totp/disable', { password: GOOD_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect((await login(e.email)).json()).toMatchObject({ email: e.email, totp_enabled: false });
    expect((await asExpert(t, e, 'POST', '/api/expert/totp/disable', { password: GOOD_PASSWORD })).statusCode).toBe(400);
    expect((await t.db.query('SELECT 1 FROM expert_recovery_codes WHERE expert_id = $1', [e.id])).rows).toHaveLength(0);
    await mailTo(e.email, /Two-factor sign-in was turned off/);
  });

  it('new recovery codes replace the old ones', async () => {
    const { e, recovery } = await expertWithTotp();
    const res = await asExpert(t, e, 'POST', '/api/expert/recovery-codes', { password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect((await secondFactor(await challengeFor(e.email), recovery[0]!)).statusCode).toBe(400);
    expect((await secondFactor(await challengeFor(e.email), fresh[0]!)).statusCode).toBe(200);
  });
});

describe('EXPERT_REQUIRE_2FA: the operators require it (as ADMIN_REQUIRE_2FA for operators)', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createReviewTestApp({ EXPERT_REQUIRE_2FA: 'true' });
  }, 300_000);
  afterAll(() => r?.close());

  it('nothing but adding the app opens before it is on; then the undertaking and the portal; and it cannot be turned off', async () => {
    const e = await inviteAndSignIn(r, {}, { undertaking: false });
    const me = await asExpert(r, e, 'GET', '/api/expert/me');
    expect(me.json()).toMatchObject({ totp_enabled: false, two_factor_required: true, undertaking_accepted: false });
    for (const [method, url] of [
      ['GET', '/api/expert/assignments'],
      ['POST', '/api/expert/undertaking'],
      ['POST', '/api/expert/recovery-codes'],
    ] as const) {
      const res = await asExpert(r, e, method, url, method === 'POST' ? { password: GOOD_PASSWORD } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'expert_2fa_enrolment_required', detail: EXPERT_ACCESS_MESSAGES.enrolmentRequired });
    }
    expect((await asExpert(r, e, 'GET', '/api/expert/security')).json()).toMatchObject({ required: true, totp_enabled: false });
    const setup = await asExpert(r, e, 'POST', '/api/expert/totp/setup', { password: GOOD_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const secret = setup.json<{ secret: string }>().secret;
    expect((await asExpert(r, e, 'POST', '/api/expert/totp/enable', { code: codeAt(secret) })).statusCode).toBe(200);
    expect((await asExpert(r, e, 'GET', '/api/expert/me')).json()).toMatchObject({ totp_enabled: true, two_factor_required: false });
    // Now the undertaking, and then the portal.
    expect((await asExpert(r, e, 'GET', '/api/expert/assignments')).statusCode).toBe(403);
    expect((await asExpert(r, e, 'POST', '/api/expert/undertaking')).statusCode).toBe(200);
    expect((await asExpert(r, e, 'GET', '/api/expert/assignments')).statusCode).toBe(200);
    const off = await asExpert(r, e, 'POST', '/api/expert/totp/disable', { password: GOOD_PASSWORD });
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toBe(EXPERT_ACCESS_MESSAGES.twoFactorRequired);
  });
});
