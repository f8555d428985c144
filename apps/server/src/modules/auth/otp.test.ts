import { MSG, OTP } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Limits low enough to reach; every test calls from its own address unless it tests that. */
const WRONG_PER_ACCOUNT = 8;
const PER_IP = 15;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    OTP_WRONG_CODES_PER_ACCOUNT: String(WRONG_PER_ACCOUNT),
    RATE_LIMIT_OTP_PER_IP: String(PER_IP),
  });
});
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

const post = (url: string, payload: Record<string, unknown>, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, remoteAddress: ip });
const verify = (email: string, otp: string | undefined, ip: string, key?: string) =>
  post('verify-email-otp', { email, otp, ...(key ? { key } : {}) }, ip);
const resend = (email: string, ip: string) => post('resend-otp', { email }, ip);

/** Signs up and returns the emailed code. */
async function signup(email: string, ip: string) {
  const res = await post('signup', { name: 'Dorothy Vaughan', email, phone: '+1 555 010 9999', password: GOOD_PASSWORD }, ip);
  expect(res.statusCode).toBe(201);
  return (await t.smtp.lastTo(email)).code!;
}

const userRow = async (email: string) =>
  (await t.db.query<{ id: string; is_verified: boolean }>('SELECT id, is_verified FROM users WHERE email = $1', [email])).rows[0]!;
const codeRows = async (email: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT c.* FROM email_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1', [email]))
    .rows;
/** Moves the code's issue time back past the resend window, as if a minute had passed. */
const pastResendWindow = (email: string) =>
  t.db.query(
    `UPDATE email_codes SET created_at = now() - interval '2 minutes'
      WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
    [email],
  );
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('email verification code', () => {
  it('verifies the account with the emailed code and consumes it', async () => {
    const email = uniqueEmail('otp');
    const ip = nextIp();
    const code = await signup(email, ip);
    const res = await verify(email, code, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.emailVerified);
    expect((await userRow(email)).is_verified).toBe(true);
    expect(await codeRows(email)).toHaveLength(0);
  });

  it('stores the code only as a hash: the 6 digits never appear in the database row', async () => {
    const email = uniqueEmail('otp');
    const code = await signup(email, nextIp());
    const rows = await codeRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(code);
  });

  it(`refuses wrong codes: ${OTP.maxAttempts} tries say Invalid OTP, then even the correct code is refused until a new one is requested`, async () => {
    const email = uniqueEmail('otp');
    const ip = nextIp();
    const code = await signup(email, ip);
    for (let i = 0; i < OTP.maxAttempts; i++) {
      const res = await verify(email, wrongCode(code), ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(MSG.otpFailed);
    }
    const sixth = await verify(email, wrongCode(code), ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe(MSG.otpTooManyAttempts);

    const correct = await verify(email, code, ip);
    expect(correct.statusCode).toBe(429);
    expect(correct.json().detail).toBe(MSG.otpTooManyAttempts);
    expect((await userRow(email)).is_verified).toBe(false);

    // A new code, once the resend window has passed, brings tries of its own.
    await pastResendWindow(email);
    expect((await resend(email, ip)).statusCode).toBe(200);
    const fresh = (await t.smtp.lastTo(email)).code!;
    expect(mailsTo(email)).toHaveLength(2);
    const ok = await verify(email, fresh, ip);
    expect(ok.statusCode).toBe(200);
    expect((await userRow(email)).is_verified).toBe(true);
  });

  it(`checks at most ${OTP.maxAttempts} wrong codes even when guesses arrive all at once`, async () => {
    const email = uniqueEmail('otp');
    const ip = nextIp();
    const code = await signup(email, ip);
    const guesses = Array.from({ length: 10 }, (_, i) => String(100000 + i)).filter((g) => g !== code);
    const answers = await Promise.all(guesses.map((g) => verify(email, g, ip)));
    const checked = answers.filter((a) => a.statusCode === 400);
    expect(checked.length).toBeLessThanOrEqual(OTP.maxAttempts);
    expect(answers.every((a) => a.statusCode === 400 || a.statusCode === 429)).toBe(true);
    expect((await codeRows(email))[0]!.attempts).toBeLessThanOrEqual(OTP.maxAttempts);
    expect((await verify(email, code, ip)).statusCode).toBe(429);
  });

  it('refuses an expired code with a clear detail and leaves the account unverified', async () => {
    const email = uniqueEmail('otp');
    const ip = nextIp();
    const code = await signup(email, ip);
    await t.db.query(
      `UPDATE email_codes SET expires_at = now() - interval '1 minute'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    const res = await verify(email, code, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.otpExpired);
    expect((await userRow(email)).is_verified).toBe(false);
  });

  it('throttles resend: a second code within 60 seconds gets 429, after the window a new code is mailed', async () => {
    const email = uniqueEmail('otp');
    const ip = nextIp();
    const first = await signup(email, ip);

    const tooSoon = await resend(email, ip);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().detail).toBe(MSG.otpResendTooSoon);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(OTP.resendSeconds);
    expect(mailsTo(email)).toHaveLength(1);
    // Retry-After counts down with the code's age, so a client waits no longer than it must.
    await t.db.query(
      `UPDATE email_codes SET created_at = now() - make_interval(secs => $2) FROM users u WHERE u.id = email_codes.user_id AND u.email = $1`,
      [email, OTP.resendSeconds - 15],
    );
    const waitLess = Number((await resend(email, ip)).headers['retry-after']);
    expect(waitLess).toBeGreaterThanOrEqual(14);
    expect(waitLess).toBeLessThanOrEqual(16);

    await pastResendWindow(email);
    const later = await resend(email, ip);
    expect(later.statusCode).toBe(200);
    expect(later.json().message).toBe(MSG.otpSent);
    await t.smtp.lastTo(email);
    expect(mailsTo(email)).toHaveLength(2);
    // The earlier code still works until it expires (it may be the one being typed); either is single-use.
    expect((await verify(email, first, ip)).statusCode).toBe(200);
    expect((await verify(email, mailsTo(email)[1]!.code!, ip)).statusCode).toBe(400);
  });

  it('answers 503 when the new code cannot be mailed, and lets the member try again at once', async () => {
    const email = uniqueEmail('otp');
    const ip = nextIp();
    await signup(email, ip);
    await pastResendWindow(email);
    t.smtp.failNext(1);
    const failed = await resend(email, ip);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().detail).toMatch(/could not send/);
    // No throttle from a code that never left.
    const retry = await resend(email, ip);
    expect(retry.statusCode).toBe(200);
    const code = (await t.smtp.lastTo(email)).code!;
    expect((await verify(email, code, ip)).statusCode).toBe(200);
  });

  it('answers verify and resend the same for an unknown, an unverified and a verified email, so none can be told apart', async () => {
    const ip = nextIp();
    const unknown = uniqueEmail('ghost');
    const unverified = uniqueEmail('otp');
    const verified = uniqueEmail('otp');
    const guess = wrongCode(await signup(unverified, ip));
    await pastResendWindow(unverified);
    const code = await signup(verified, ip);
    expect((await verify(verified, code, ip)).statusCode).toBe(200);

    const answer = (r: { statusCode: number; body: string }) => ({ status: r.statusCode, body: r.body });
    const verifies = await Promise.all([unknown, unverified, verified].map(async (e) => answer(await verify(e, guess, ip))));
    expect(verifies[0]).toMatchObject({ status: 400 });
    expect(JSON.parse(verifies[0]!.body).detail).toBe(MSG.otpFailed);
    expect(verifies[1]).toEqual(verifies[0]);
    expect(verifies[2]).toEqual(verifies[0]);

    const resends = [];
    for (const e of [unknown, unverified, verified]) resends.push(answer(await resend(e, ip)));
    expect(resends[0]).toMatchObject({ status: 200 });
    expect(JSON.parse(resends[0]!.body).message).toBe(MSG.otpSent);
    expect(resends[1]).toEqual(resends[0]);
    expect(resends[2]).toEqual(resends[0]);
    // Only the account that needs a code gets one.
    await t.smtp.lastTo(unverified);
    expect(mailsTo(unverified)).toHaveLength(2);
    expect(mailsTo(verified)).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  it('answers an unknown email like a wrong code, and a resend to it like a real one without mailing anything', async () => {
    const email = uniqueEmail('ghost');
    const ip = nextIp();
    const res = await verify(email, '123456', ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.otpFailed);
    const re = await resend(email, ip);
    expect(re.statusCode).toBe(200);
    expect(re.json().message).toBe(MSG.otpSent);
    expect(mailsTo(email)).toHaveLength(0);
    expect(await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toMatchObject({ rows: [] });
  });

  it.each([
    ['12345', MSG.otpInvalid],
    ['1234567', MSG.otpInvalid],
    ['abcdef', MSG.otpInvalid],
    ['', MSG.otpRequired],
    [undefined, MSG.otpRequired],
  ])('rejects the code %j with 422 and the spec message, without counting a try', async (otp, detail) => {
    const email = uniqueEmail('otp');
    const ip = nextIp();
    await signup(email, ip);
    const res = await verify(email, otp, ip);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    expect((await codeRows(email))[0]!.attempts).toBe(0);
  });

  it('lets the mailbox owner in with her latest mail whatever strangers send: resends and wrong codes from many addresses', async () => {
    const email = uniqueEmail('otp-owner');
    const owner = nextIp();
    const first = await signup(email, owner);
    // The attack of issue 26, run for six "minutes": each minute a resend from a new address
    // (mailed, since the cooldown passed), then a burst of wrong codes from rotating addresses.
    let requests = 0;
    for (let minute = 0; minute < 6; minute++) {
      await pastResendWindow(email);
      await resend(email, nextIp());
      requests++;
      for (let i = 0; i < OTP.maxAttempts + 1; i++, requests++) await verify(email, wrongCode(first), nextIp());
    }
    expect(requests).toBeGreaterThanOrEqual(30);
    await t.smtp.lastTo(email);
    // Strangers got a code mailed at most once per cooldown: the mail flood is bounded.
    expect(mailsTo(email).length).toBeLessThanOrEqual(7);
    // Typed codes are now held back for everyone (that is what slows guessing)...
    const typed = await verify(email, first, owner);
    expect(typed.statusCode).toBe(429);
    expect(typed.json().detail).toBe(MSG.otpAccountLocked);
    // ...and her resend waits a minute at most, never an hour.
    const soon = await resend(email, owner);
    expect([200, 429]).toContain(soon.statusCode);
    if (soon.statusCode === 429) expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(OTP.resendSeconds);
    await pastResendWindow(email);
    const again = await resend(email, owner);
    expect(again.statusCode).toBe(200);
    const mail = mailsTo(email).at(-1)!;
    expect(mail.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mail.raw).toContain(`/signup#email=`);
    // The link in her fresh mail works, however many wrong codes strangers sent.
    const ok = await verify(email, mail.code!, owner, mail.key);
    expect(ok.statusCode).toBe(200);
    expect((await userRow(email)).is_verified).toBe(true);
  });

  it("keeps a code's own tries: strangers' guesses spent before it was sent do not lock it, and a resend voids no code", async () => {
    const email = uniqueEmail('otp-tries');
    const owner = nextIp();
    const first = await signup(email, owner);
    for (let i = 0; i < OTP.maxAttempts; i++) await verify(email, wrongCode(first), nextIp());
    expect((await verify(email, first, owner)).json().code).toBe('otp_locked');
    // A stranger's resend after the cooldown: the new code comes with fresh tries.
    await pastResendWindow(email);
    expect((await resend(email, nextIp())).statusCode).toBe(200);
    const fresh = (await t.smtp.lastTo(email)).code!;
    expect(fresh).not.toBe(first);
    expect((await verify(email, fresh, owner)).statusCode).toBe(200);
  });

  it(`slows guessing: at most ${OTP.maxAttempts} wrong codes a minute and ${WRONG_PER_ACCOUNT} a window are checked on one account, from any number of addresses`, async () => {
    const email = uniqueEmail('otp-guess');
    const code = await signup(email, nextIp());
    const checkedPerMinute: number[] = [];
    for (let minute = 0; minute < 4; minute++) {
      let checked = 0;
      // Resends as fast as the attacker likes, from new addresses, then guesses in parallel.
      for (let i = 0; i < 3; i++) await resend(email, nextIp());
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => String(200000 + minute * 100 + i))
          .filter((g) => g !== code)
          .map((g) => verify(email, g, nextIp())),
      );
      for (const a of answers) {
        if (a.json().code === 'otp_invalid') checked++;
        else expect(a.statusCode).toBe(429);
      }
      checkedPerMinute.push(checked);
      await pastResendWindow(email);
    }
    expect(Math.max(...checkedPerMinute)).toBeLessThanOrEqual(OTP.maxAttempts);
    expect(checkedPerMinute.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(WRONG_PER_ACCOUNT);
    // The limit is per account: a guess with a made-up link key is no way around it.
    const forged = await verify(email, '123456', nextIp(), 'A'.repeat(22));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('otp_invalid');
  });

  it('holds back wrong codes for an unknown email exactly like a real one, so the lock reveals no account', async () => {
    const real = uniqueEmail('otp-real');
    const ghost = uniqueEmail('otp-ghost');
    await signup(real, nextIp());
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < WRONG_PER_ACCOUNT + 1; i++) {
        await pastResendWindow(email);
        if (email === real) await resend(email, nextIp());
        const r = await verify(email, '000000', nextIp());
        out.push(`${r.statusCode} ${r.json().detail}`);
      }
      return out;
    };
    const forReal = await answers(real);
    expect(forReal.at(-1)).toBe(`429 ${MSG.otpAccountLocked}`);
    expect(await answers(ghost)).toEqual(forReal);
  });

  it("refuses a link key with another code's digits, another account's key, or an expired code", async () => {
    const a = uniqueEmail('otp-key');
    const b = uniqueEmail('otp-key');
    const ip = nextIp();
    const codeA = await signup(a, ip);
    const keyA = (await t.smtp.lastTo(a)).key!;
    await signup(b, ip);
    const mailB = await t.smtp.lastTo(b);
    expect((await verify(a, wrongCode(codeA), ip, keyA)).statusCode).toBe(400);
    expect((await verify(a, mailB.code!, ip, mailB.key)).statusCode).toBe(400);
    expect((await verify(b, codeA, ip, keyA)).statusCode).toBe(400);
    await t.db.query(
      `UPDATE email_codes SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [a],
    );
    expect((await verify(a, codeA, ip, keyA)).statusCode).toBe(400);
    expect((await userRow(a)).is_verified).toBe(false);
    expect((await verify(b, mailB.code!, ip, mailB.key)).statusCode).toBe(200);
  });

  it(`limits code checks and sends per address: the call after ${PER_IP} from one IP gets 429 with Retry-After`, async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_IP; i++) {
      expect((await resend(uniqueEmail('spray'), ip)).statusCode).toBe(200);
    }
    const email = uniqueEmail('otp');
    const blocked = await post('signup', { name: 'Dorothy Vaughan', email, phone: '+1 555 010 9999', password: GOOD_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing half-written: the refused signup created no account.
    expect((await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows).toHaveLength(0);
    // Another address is not affected.
    expect((await resend(uniqueEmail('other'), nextIp())).statusCode).toBe(200);
  });
});
