import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { purgeExpired } from './purge-expired.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('purges old rate-limit windows and dead sessions, and keeps live ones', async () => {
  const live = await signUpAndLogin(t);
  const dead = await signUpAndLogin(t);
  await t.db.query(`INSERT INTO rate_limits (key, window_start, hits) VALUES ('old', now() - interval '2 days', 3), ('fresh', now(), 1)`);
  await t.db.query(`UPDATE sessions SET revoked_at = now() - interval '8 days' WHERE user_id = $1`, [dead.user.id]);

  const purged = await purgeExpired(t.db);
  expect(purged.rateLimits).toBeGreaterThanOrEqual(1);
  expect(purged.sessions).toBe(1);
  const keys = (await t.db.query<{ key: string }>('SELECT key FROM rate_limits')).rows.map((r) => r.key);
  expect(keys).toContain('fresh');
  expect(keys).not.toContain('old');
  const orphanTokens = await t.db.query('SELECT 1 FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE s.user_id = $1', [
    dead.user.id,
  ]);
  expect(orphanTokens.rows).toHaveLength(0);
  const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: live.auth });
  expect(me.statusCode).toBe(200);
});
