import { MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Two people sign up with one email: only the mailbox owner's own password may ever win (decision 050). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VICTIM = GOOD_PASSWORD;
const ATTACKER = 'Att4ckerPassword';

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });
const signup = (email: string, password: string) => post('signup', { name: 'Grace Hopper', email, phone: '+1 (555) 010-2030', password });
const verify = (email: string, otp: string, password?: string) =>
  post('verify-email-otp', { email, otp, ...(password === undefined ? {} : { password }) });
const loginStatus = async (email: string, password: string) => (await post('login', { username: email, password })).statusCode;
const pastResendWindow = (email: string) =>
  t.db.query(`UPDATE email_codes SET created_at = now() - interval '2 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
    email,
  ]);
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));
const competing = async (email: string) =>
  (await t.db.query<{ n: number }>('SELECT cardinality(signup_password_hashes) AS n FROM users WHERE email = $1', [email])).rows[0]!.n;

/** `first` signs up, then `second`; returns the code the second sign-up mailed to the address. */
async function bothSignUp(email: string, first: string, second: string) {
  expect((await signup(email, first)).statusCode).toBe(201);
  await t.smtp.lastTo(email);
  await pastResendWindow(email);
  expect((await signup(email, second)).statusCode).toBe(201);
  await t.smtp.lastTo(email);
  expect(mailsTo(email)).toHaveLength(2);
  return mailsTo(email).at(-1)!.code!;
}

describe('two sign-ups for one email', () => {
  it('attacker first: the victim verifies with her password, signs in with it, and the attacker is refused', async () => {
    const email = uniqueEmail('victim');
    const code = await bothSignUp(email, ATTACKER, VICTIM);
    const res = await verify(email, code, VICTIM);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.emailVerified });
    expect(await loginStatus(email, ATTACKER)).toBe(401);
    expect(await loginStatus(email, VICTIM)).toBe(200);
    expect(await competing(email)).toBe(0);
  });

  it('attacker first, verified without a password: no one can sign in until the owner sets hers with the mailed reset code', async () => {
    const email = uniqueEmail('victim');
    const code = await bothSignUp(email, ATTACKER, VICTIM);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.contestedSignupVerified, password_reset_required: true });
    expect(await loginStatus(email, ATTACKER)).toBe(401);
    expect(await loginStatus(email, VICTIM)).toBe(401);

    await expect.poll(() => mailsTo(email).length).toBe(3);
    const reset = mailsTo(email).at(-1)!;
    expect(reset.subject).toMatch(/reset/i);
    const set = await post('reset-password', { email, otp: reset.code, new_password: 'Her0wnNewPassword' });
    expect(set.statusCode).toBe(200);
    expect(await loginStatus(email, 'Her0wnNewPassword')).toBe(200);
    expect(await loginStatus(email, ATTACKER)).toBe(401);
  });

  it("attacker first, verified with a password no one signed up with: the attacker's password is not kept either", async () => {
    const email = uniqueEmail('victim');
    const code = await bothSignUp(email, ATTACKER, VICTIM);
    const res = await verify(email, code, 'S0methingElse1');
    expect(res.json().password_reset_required).toBe(true);
    expect(await loginStatus(email, ATTACKER)).toBe(401);
    expect(await loginStatus(email, 'S0methingElse1')).toBe(401);
  });

  it('victim first: she verifies with her password and signs in with it, and the attacker is refused', async () => {
    const email = uniqueEmail('victim');
    const code = await bothSignUp(email, VICTIM, ATTACKER);
    const res = await verify(email, code, VICTIM);
    expect(res.json()).toEqual({ message: MSG.emailVerified });
    expect(await loginStatus(email, ATTACKER)).toBe(401);
    expect(await loginStatus(email, VICTIM)).toBe(200);
  });

  it('records the second password even when its sign-up comes inside the resend window (429, no mail)', async () => {
    const email = uniqueEmail('victim');
    await signup(email, ATTACKER);
    const code = (await t.smtp.lastTo(email)).code!;
    expect((await signup(email, VICTIM)).statusCode).toBe(429);
    expect((await verify(email, code)).json().password_reset_required).toBe(true);
    expect(await loginStatus(email, ATTACKER)).toBe(401);
  });

  it('sends either contender who signs in before verifying to the code step (403), like any unverified account', async () => {
    const email = uniqueEmail('victim');
    await bothSignUp(email, ATTACKER, VICTIM);
    await pastResendWindow(email);
    const res = await post('login', { username: email, password: VICTIM });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(MSG.emailNotVerified);
    await pastResendWindow(email);
    expect(await loginStatus(email, ATTACKER)).toBe(403);
    expect(await loginStatus(email, 'N0tAContender1')).toBe(401);
  });

  it('keeps at most the five newest competing passwords', async () => {
    const email = uniqueEmail('victim');
    await signup(email, VICTIM);
    for (let i = 0; i < 7; i++) {
      await pastResendWindow(email);
      expect((await signup(email, `Contender${i}Pass`)).statusCode).toBe(201);
    }
    expect(await competing(email)).toBe(5);
  });
});

describe('one person signing up', () => {
  it('verifies without a password exactly as before: same answer, her password kept', async () => {
    const email = uniqueEmail('solo');
    await signup(email, VICTIM);
    const res = await verify(email, (await t.smtp.lastTo(email)).code!);
    expect(res.json()).toEqual({ message: MSG.emailVerified });
    expect(await loginStatus(email, VICTIM)).toBe(200);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('is not contested by signing up again with the same password', async () => {
    const email = uniqueEmail('solo');
    await bothSignUp(email, VICTIM, VICTIM);
    expect(await competing(email)).toBe(0);
    const res = await verify(email, mailsTo(email).at(-1)!.code!);
    expect(res.json()).toEqual({ message: MSG.emailVerified });
    expect(await loginStatus(email, VICTIM)).toBe(200);
  });

  it('never lets the unusable marker be signed in with', async () => {
    const email = uniqueEmail('victim');
    const code = await bothSignUp(email, ATTACKER, VICTIM);
    await verify(email, code);
    const stored = (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email])).rows[0]!
      .password_hash;
    expect(await loginStatus(email, stored)).toBe(401);
  });
});
