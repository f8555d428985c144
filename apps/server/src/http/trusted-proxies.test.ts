import { MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../config/env.ts';

/**
 * Behind one load balancer (TRUST_PROXY=1) the balancer appends the address it saw to
 * X-Forwarded-For; anything before that was written by the client and must not count.
 */
const BALANCER = '10.0.0.2';
const CLIENT = '203.0.113.9';
const forged = (n: number) => ({ 'x-forwarded-for': `192.0.2.${n}, ${CLIENT}` });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '3', RATE_LIMIT_LOGIN_PER_IP: '3' });
});
afterAll(() => t.close());

const contact = (n: number, remoteAddress = BALANCER) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress,
    headers: forged(n),
    payload: {
      reason: 'other',
      name: 'Meera Iyer',
      phone: '+91 98765 43210',
      email: 'meera@example.com',
      message: 'Hello there, a question.',
    },
  });
const signIn = (n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: BALANCER,
    headers: { ...forged(n), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: `nobody.${n}@example.com`, password: 'wrong-password' }).toString(),
  });

describe('a client behind one trusted proxy that forges X-Forwarded-For', () => {
  it('is still held to the contact form limit by its real address', async () => {
    const statuses = [];
    for (let n = 1; n <= 5; n++) statuses.push((await contact(n)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('is still held to the sign-in limit by its real address', async () => {
    const statuses = [];
    for (let n = 1; n <= 5; n++) statuses.push((await signIn(n)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('does not use up the limit of other clients behind the same proxy', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: BALANCER,
      headers: { 'x-forwarded-for': '203.0.113.10', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'someone@example.com', password: 'wrong-password' }).toString(),
    });
    expect(other.json().detail).toBe(MSG.invalidCredentials);
  });
});

describe('a post read from its copy behind the proxy', () => {
  it('counts one view per real client, whatever the client writes before the proxy’s entry', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { slug, id } = (
      await t.db.query<{ slug: string; id: string }>(`SELECT slug, id FROM posts WHERE status = 'published' AND post_type = 'blog' LIMIT 1`)
    ).rows[0]!;
    const views = async () =>
      (await t.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [id])).rows[0]!.view_count;
    await t.app.postViews.flush();
    const before = await views();
    const browser = { 'user-agent': 'Mozilla/5.0 Firefox/140.0' };
    // The first read builds the copy (Fastify); the rest are answered from it, before Fastify.
    for (let n = 1; n <= 4; n++)
      expect((await httpGet(base, `/api/blog/posts/${slug}`, { ...browser, ...forged(n) })).statusCode).toBe(200);
    await httpGet(base, `/api/blog/posts/${slug}`, { ...browser, 'x-forwarded-for': '203.0.113.10' });
    await t.app.postViews.flush();
    expect(await views()).toBe(before + 2);
  });
});

describe('TRUST_PROXY', () => {
  const parse = (TRUST_PROXY: string) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', DATABASE_URL: 'postgres://unused.invalid/x', TRUST_PROXY }).TRUST_PROXY;

  it('takes a hop count, a list of proxy addresses and networks, or nothing', () => {
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.0/8, 192.0.2.7,::1,loopback')).toEqual(['10.0.0.0/8', '192.0.2.7', '::1', 'loopback']);
  });

  it('refuses "true" and anything that is not an address, explaining the choices', () => {
    for (const value of ['true', '0.0.0.0/0', '::/0', '10.0.0.0/8,::/0', '10.0.0.0/33', 'my-balancer', '10.0.0.1/8/2']) {
      expect(() => parse(value), value).toThrow(ConfigError);
    }
    expect(() => parse('true')).toThrow(/number of proxies in front of the server/);
  });
});
