import { MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureFirstOperator } from '../modules/operators/index.ts';
import { GOOD_PASSWORD, signUpAndLogin } from '../../test/members.ts';
import { peakConcurrentHashes, waitingHashes } from './passwords.ts';

/**
 * Production cost, so each hash takes long enough for a burst to pile up behind the cap:
 * at most 2 at once, at most 4 more waiting (fewer when hashing is slow).
 */
let t: TestApp;
const OPERATOR_PASSWORD = 'operator password, long enough';
beforeAll(async () => {
  t = await createTestApp({
    PASSWORD_HASH_COST: '15',
    PASSWORD_HASH_CONCURRENCY: '2',
    PASSWORD_HASH_QUEUE: '4',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: OPERATOR_PASSWORD,
  });
  await ensureFirstOperator(t.deps);
});
afterAll(() => t.close());

const wrongSignIn = (n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: `burst.${n}@example.com`, password: 'wrong-password' }).toString(),
  });

describe('password hashing under a burst of sign-ins', () => {
  it('runs at most the configured number at once and turns the overflow away with 429 and Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => wrongSignIn(n)));
    const statuses = answers.map((a) => a.statusCode);

    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(2);
    for (const r of refused) {
      expect(r.json().detail).toBe(MSG.passwordChecksBusy);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(peakConcurrentHashes()).toBe(2);
  });

  it('answers sign-ins normally again once the burst has passed', async () => {
    expect((await wrongSignIn(1000)).json().detail).toBe(MSG.invalidCredentials);
  });
});

describe('a sign-in flood and a trusted browser (decision 161)', () => {
  const signIn = (email: string, password: string, deviceCookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password }).toString(),
      ...(deviceCookie ? { cookies: { assay_device: deviceCookie } } : {}),
    });

  it("lets the member's own browser sign in within a second or two while a flood keeps the anonymous line full", async () => {
    const member = await signUpAndLogin(t);
    // Her browser signed in before: it holds the device cookie.
    const first = await signIn(member.email, GOOD_PASSWORD);
    const cookie = first.cookies.find((c) => c.name === 'assay_device')!.value;

    // A flood far faster than the gate hashes (2 at once, about 10 a second each): 50 a second.
    let flooding = true;
    const flood: Array<Promise<{ statusCode: number }>> = [];
    const floodLoop = (async () => {
      for (let n = 0; flooding; n++) {
        flood.push(wrongSignIn(5000 + n));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      const deadline = Date.now() + 5000;
      while (waitingHashes().anonymous < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(waitingHashes().anonymous).toBe(4);
      // The same member without her cookie is in the flood's line: turned away while it is full (a
      // hash may finish between the look and her request and let one through, so she tries a few times).
      let stranger = await signIn(member.email, GOOD_PASSWORD);
      for (let i = 0; i < 10 && stranger.statusCode !== 429; i++) stranger = await signIn(member.email, GOOD_PASSWORD);
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().detail).toBe(MSG.passwordChecksBusy);

      const outcomes: Array<{ status: number; ms: number }> = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        const res = await signIn(member.email, GOOD_PASSWORD, cookie);
        outcomes.push({ status: res.statusCode, ms: performance.now() - start });
      }
      expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill(200));
      expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(2000);
    } finally {
      flooding = false;
      await floodLoop;
      await Promise.all(flood);
    }
    expect((await Promise.all(flood)).some((r) => r.statusCode === 429)).toBe(true);
  });
});

describe('an operator\u2019s parallel calls', () => {
  it('share one password check: a panel loading many reads at once is not turned away by the cap', async () => {
    const authorization = `Basic ${Buffer.from(`ops:${OPERATOR_PASSWORD}`).toString('base64')}`;
    // Twelve at once with credentials this process has not checked yet: one at a time would
    // need twelve hashes, twice what the cap (2 running, 4 waiting) lets in.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
  });
});
