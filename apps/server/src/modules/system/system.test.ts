import { createHash } from 'node:crypto';
import { FIRST_PAINT_SCRIPT, MSG } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health, readiness and API basics', () => {
  it('GET /api/health answers 200 ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers 200 with the kind of database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.db.kind });
    expect(['pglite', 'postgres']).toContain(res.json().database);
  });

  it('answers an unknown API path with 404 and a detail', async () => {
    for (const [method, url] of [
      ['GET', '/api/x'],
      ['POST', '/api/nothing/here'],
      ['GET', '/api/users/someone'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: MSG.notFound });
    }
  });

  it('sends security headers on API responses: the short set for data, the page policy on anything a browser shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    // A JSON error answer is data too; an unknown path, the API docs and the site's pages are not.
    const refused = await t.app.inject({ method: 'GET', url: '/api/tokens/balance' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const url of ['/api/no-such-thing', '/api/docs', '/sitemap.xml']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
    }
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('lets a page run one inline script, the first-paint script, by its hash (decision 171)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const scripts = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))![1]!.split(' ');
    const hash = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;
    expect(scripts).toContain(hash);
    expect(scripts.filter((s) => s.startsWith("'sha256-"))).toEqual([hash]);
    expect(scripts).not.toContain("'unsafe-inline'");
  });

  it('serves an OpenAPI document that lists the login route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    const login = paths.includes('/api/auth/login') ? '/api/auth/login' : '/auth/login';
    expect(paths).toContain(login);
    if (login === '/auth/login') expect(doc.servers).toContainEqual(expect.objectContaining({ url: '/api' }));
    expect(doc.paths[login].post).toBeDefined();
    // Every auth route is documented, including the ones with an optional body.
    for (const p of [
      'signup',
      'verify-email-otp',
      'google',
      'complete-profile',
      'refresh',
      'logout',
      'change-password',
      'forgot-password',
      'reset-password',
    ]) {
      expect(
        paths.some((x) => x.endsWith(`/auth/${p}`)),
        p,
      ).toBe(true);
    }
  });

  it('answers malformed JSON with 400 and a detail, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBeTruthy();
  });
});
