import { basicAuthorization, MSG, OPERATOR_PASSWORD_MIN_LENGTH } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { ensureFirstOperator } from './index.ts';

const ADMIN = { username: 'ops-lead', password: 'Operator-Pass-2025' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    OPERATOR_LOCKOUT_FAILURES: '3',
    OPERATOR_FAILURES_PER_IP: '6',
    TRUSTED_DEVICE_FAILURES: '2',
  });
  await ensureFirstOperator({ db: t.db, config: t.config, log: t.app.log });
});
afterAll(() => t.close());
// Failure counters are per test: earlier wrong passwords must not lock later tests out.
beforeEach(async () => {
  await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
});

let ipCounter = 0;
/** Each test gets its own client address, so per-address counters do not leak between tests. */
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const DEVICE = 'assay_operator_device';
const login = (headers: Record<string, string>, remoteAddress = freshIp(), device?: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', headers, remoteAddress, ...(device ? { cookies: { [DEVICE]: device } } : {}) });
const basic = (username: string, password: string) => ({ authorization: basicAuthorization(username, password) });

describe('operator sign-in (basic authorization)', () => {
  it('accepts the operator created from ADMIN_USERNAME/ADMIN_PASSWORD and answers with the username', async () => {
    const res = await login(basic(ADMIN.username, ADMIN.password));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: ADMIN.username, second_factor: 'ok' });
    const row = (
      await t.db.query<{ last_login_at: Date | null; password_hash: string }>(
        'SELECT last_login_at, password_hash FROM operators WHERE username = $1',
        [ADMIN.username],
      )
    ).rows[0]!;
    expect(row.last_login_at).toBeInstanceOf(Date);
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('matches the username case-insensitively', async () => {
    const res = await login(basic(ADMIN.username.toUpperCase(), ADMIN.password));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with "Invalid admin credentials" and no browser dialog', async () => {
    for (const headers of [basic(ADMIN.username, 'wrong-password'), basic('nobody', ADMIN.password)]) {
      const res = await login(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(MSG.adminInvalidCredentials);
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
  });

  it('refuses a request without credentials or with a malformed header', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Basic' },
      { authorization: 'Basic !!!' },
      { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` },
    ];
    for (const headers of cases) {
      const res = await login(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(MSG.adminAuthRequired);
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
  });

  it("does not accept a member's bearer token", async () => {
    const member = await signUpAndLogin(t);
    const res = await login(member.auth);
    expect(res.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/contact/submissions', headers: member.auth });
    expect(list.statusCode).toBe(401);
  });

  it('locks a username for untrusted browsers after repeated failures, even for the right password, until the window ends', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await login(basic(ADMIN.username, `guess-${i}`), ip)).statusCode).toBe(401);
    }
    // From another address too: the lock is on the username.
    const locked = await login(basic(ADMIN.username, ADMIN.password), freshIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe(MSG.adminLockedOut);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // Time passes: the counting window is over.
    await t.db.query(`UPDATE rate_limits SET window_start = now() - interval '16 minutes' WHERE key = $1`, [
      `operator:user:${ADMIN.username}`,
    ]);
    expect((await login(basic(ADMIN.username, ADMIN.password), freshIp())).statusCode).toBe(200);
  });

  it('locks a client address that tries many usernames', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      expect((await login(basic(`user-${i}`, 'whatever'), ip)).statusCode).toBe(401);
    }
    const res = await login(basic(ADMIN.username, ADMIN.password), ip);
    expect(res.statusCode).toBe(429);
    expect((await login(basic(ADMIN.username, ADMIN.password), freshIp())).statusCode).toBe(200);
  });

  it('gives a successful sign-in an httpOnly, SameSite=Strict device cookie for every /api call, set once', async () => {
    const first = await login(basic(ADMIN.username, ADMIN.password));
    const cookie = first.cookies.find((c) => c.name === DEVICE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 365 * 86400 });
    // A browser already trusted is not sent a new one on every basic-auth call.
    const again = await login(basic(ADMIN.username, ADMIN.password), freshIp(), cookie.value);
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === DEVICE)).toBeUndefined();
  });

  it("lets the operator's browser in while strangers' failures from many addresses, repeated every window, keep the username locked", async () => {
    const home = freshIp();
    const device = (await login(basic(ADMIN.username, ADMIN.password), home)).cookies.find((c) => c.name === DEVICE)!.value;
    for (let window = 0; window < 2; window++) {
      for (let i = 0; i < 5; i++) await login(basic(ADMIN.username, `guess-${window}-${i}`), freshIp());
      // Made-up usernames from her own address, too.
      for (let i = 0; i < 7; i++) await login(basic(`made-up-${i}`, 'whatever'), home);
      expect((await login(basic(ADMIN.username, ADMIN.password), freshIp())).statusCode).toBe(429);
      expect((await login(basic(ADMIN.username, ADMIN.password), home)).statusCode).toBe(429);
      expect((await login(basic(ADMIN.username, ADMIN.password), home, device)).statusCode).toBe(200);
      // Basic-auth'd panel calls from her browser work as well.
      const panel = await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit-log',
        headers: basic(ADMIN.username, ADMIN.password),
        remoteAddress: home,
        cookies: { [DEVICE]: device },
      });
      expect(panel.statusCode).toBe(200);
      await t.db.query(`UPDATE rate_limits SET window_start = now() - interval '16 minutes' WHERE key LIKE 'operator:%'`);
    }
  });

  it("gives the operator's browser its own small budget, and trusts no cookie for another operator or a forged one", async () => {
    const device = (await login(basic(ADMIN.username, ADMIN.password))).cookies.find((c) => c.name === DEVICE)!.value;
    for (let i = 0; i < 2; i++) expect((await login(basic(ADMIN.username, `guess-${i}`), freshIp(), device)).statusCode).toBe(401);
    expect((await login(basic(ADMIN.username, ADMIN.password), freshIp(), device)).statusCode).toBe(429);
    // Those failures were the browser's own: the username is not locked for others.
    expect((await login(basic(ADMIN.username, ADMIN.password), freshIp())).statusCode).toBe(200);

    const [, id] = device.split('.');
    const forged = `00000000-0000-4000-8000-000000000000.${id}.${'0'.repeat(64)}`;
    for (let i = 0; i < 3; i++) await login(basic(ADMIN.username, `guess-${i}`), freshIp(), forged);
    expect((await login(basic(ADMIN.username, ADMIN.password), freshIp(), forged)).statusCode).toBe(429);
  });

  it('never counts successful calls: many in a row from one address all succeed', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(basic(ADMIN.username, ADMIN.password), ip)).statusCode).toBe(200);
  });
});

describe('the first operator', () => {
  it('is created with a random password, printed once, when ADMIN_PASSWORD is not set', async () => {
    const other = await createTestApp({ ADMIN_USERNAME: 'admin' });
    try {
      const first = await ensureFirstOperator({ db: other.db, config: other.config, log: other.app.log });
      expect(first.created).toBe(true);
      expect(first.generatedPassword).toMatch(/^[\w-]{20,}$/);
      expect(first.generatedPassword!.length).toBeGreaterThanOrEqual(OPERATOR_PASSWORD_MIN_LENGTH);
      const again = await ensureFirstOperator({ db: other.db, config: other.config, log: other.app.log });
      expect(again).toEqual({ username: 'admin', created: false });
      const ok = await other.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: basic('admin', first.generatedPassword!),
      });
      expect(ok.statusCode).toBe(200);
      const count = await other.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operators');
      expect(count.rows[0]!.n).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('is created only once when several servers start at the same moment', async () => {
    const other = await createTestApp({ ADMIN_USERNAME: 'admin' });
    try {
      const [a, b] = await Promise.all([
        ensureFirstOperator({ db: other.db, config: other.config, log: other.app.log }),
        ensureFirstOperator({ db: other.db, config: other.config, log: other.app.log }),
      ]);
      expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
      const count = await other.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operators');
      expect(count.rows[0]!.n).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('takes a changed ADMIN_PASSWORD as the new password and audits it', async () => {
    const config = { ...t.config, ADMIN_PASSWORD: 'Rotated-Pass-2026' };
    const r = await ensureFirstOperator({ db: t.db, config, log: t.app.log });
    expect(r.created).toBe(false);
    const hash = (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM operators WHERE username = $1', [ADMIN.username]))
      .rows[0]!.password_hash;
    expect(await verifyPassword('Rotated-Pass-2026', hash)).toBe(true);
    const entry = await t.db.query<{ operator_username: string }>(
      `SELECT operator_username FROM operator_audit_log WHERE action = 'operator.password_set'`,
    );
    expect(entry.rows).toEqual([{ operator_username: 'system' }]);
    // Back to the original for the other tests.
    await ensureFirstOperator({ db: t.db, config: t.config, log: t.app.log });
  });
});

describe('operator passwords', () => {
  it(`refuses a configured ADMIN_PASSWORD shorter than ${OPERATOR_PASSWORD_MIN_LENGTH} characters with a clear config error`, () => {
    const env = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-123', ADMIN_PASSWORD: 'Elevenchars' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`ADMIN_PASSWORD: must be at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`);
    expect(loadConfig({ ...env, ADMIN_PASSWORD: 'Twelve-chars' }).ADMIN_PASSWORD).toBe('Twelve-chars');
  });

  it('never stores a short operator password, even when configuration is bypassed', async () => {
    const config = { ...t.config, ADMIN_PASSWORD: 'short-pass' };
    await expect(ensureFirstOperator({ db: t.db, config, log: t.app.log })).rejects.toThrow(/at least 12 characters/);
    expect((await login(basic(ADMIN.username, ADMIN.password))).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  it('lists entries newest first for operators only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=operator.create',
      headers: basic(ADMIN.username, ADMIN.password),
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({
      action: 'operator.create',
      operator_username: 'system',
      details: { username: ADMIN.username, source: 'ADMIN_PASSWORD' },
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' });
    expect(anonymous.statusCode).toBe(401);
  });
});
