import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { basicAuthorization, MSG } from '@assay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { resetOperatorPassword, unlockOperator } from './recover-operator.ts';

/** Decision 163: the way back for a locked-out operator runs on the server, never over HTTP. */
const ADMIN = { username: 'night-ops', password: 'Operator-Pass-2026' };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN, { OPERATOR_LOCKOUT_FAILURES: '5' });
});
afterAll(() => t.close());
// Each test starts unlocked: the failures of one must not count in the next.
beforeEach(async () => {
  await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
});

let ip = 0;
const from = () => `192.0.2.${++ip}`;
const login = (password: string, remoteAddress = from()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { authorization: basicAuthorization(ADMIN.username, password) },
    remoteAddress,
  });

/** A stranger's five wrong passwords from several addresses: every browser without the device cookie is out. */
async function lockOut() {
  for (let i = 0; i < 5; i++) expect((await login(`wrong-guess-${i}`)).statusCode).toBe(401);
  const locked = await login(ADMIN.password);
  expect(locked.statusCode).toBe(429);
  expect(locked.json().detail).toBe(MSG.adminLockedOut);
  expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
}

describe('operator recovery on the server', () => {
  it('unlock lets the operator in from a new browser at once, and is audited', async () => {
    await lockOut();
    const r = await unlockOperator(t.db, ADMIN.username.toUpperCase());
    expect(r.username).toBe(ADMIN.username);
    expect(r.cleared).toBeGreaterThanOrEqual(1);
    expect((await login(ADMIN.password)).statusCode).toBe(200);
    const audited = await t.db.query<{ action: string; operator_username: string; details: { source: string } }>(
      `SELECT action, operator_username, details FROM operator_audit_log WHERE action = 'operator.unlock' ORDER BY id DESC LIMIT 1`,
    );
    expect(audited.rows[0]).toMatchObject({ operator_username: 'system', details: { source: 'cli' } });
  });

  it('reset-password sets a new random password, unlocks, and the old password stops working', async () => {
    await lockOut();
    const r = await resetOperatorPassword(t.db, ADMIN.username, t.config.PASSWORD_HASH_COST);
    expect(r.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await login(r.password)).statusCode).toBe(200);
    expect((await login(ADMIN.password)).statusCode).toBe(401);
  });

  it('offers strangers no way in over HTTP: no route unlocks an operator', async () => {
    await lockOut();
    for (const url of ['/api/admin/unlock', '/api/admin/operators/unlock', '/api/admin/reset-password']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { username: ADMIN.username } });
      expect([401, 404]).toContain(res.statusCode);
    }
    expect((await login(ADMIN.password)).statusCode).toBe(429);
  });

  it('refuses an unknown operator with a clear message', async () => {
    await expect(unlockOperator(t.db, 'nobody-here')).rejects.toThrow('No operator named "nobody-here".');
  });

  // The command line opens its own embedded database (DATA_DIR), whichever database this project
  // runs on: once is enough.
  it.runIf(process.env.TEST_DB_KIND !== 'postgres')(
    'answers a wrong command line and an unknown operator with a clear message and a failing exit code; migrate applies pending migrations once',
    async () => {
      const cli = path.resolve(import.meta.dirname, '../../operator-cli.ts');
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-cli-'));
      const run = (args: string[], dir = dataDir) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '1', LOG_LEVEL: 'silent' },
        }).then(
          ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
          (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
        );
      const usage = await run(['unlock']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('usage: npm run operator -- unlock <username>');
      expect((await run(['migrate', 'now'])).code).toBe(2);
      // `migrate` brings a new database up to date, once.
      expect((await run(['migrate'])).stdout).toMatch(/^Applied \d+ migrations: 001_accounts\.sql, /);
      expect((await run(['migrate'])).stdout).toBe('The database is up to date.\n');
      const unknown = await run(['reset-password', 'nobody-here']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No operator named "nobody-here".');
    },
    180_000,
  ); // five processes, three of them opening the embedded database
});
