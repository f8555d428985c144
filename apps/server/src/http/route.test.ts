import cookie from '@fastify/cookie';
import {
  authEndpoints,
  allEndpoints,
  API_BASE,
  blogEndpoints,
  endpoint,
  endpointPath,
  MSG,
  reportsEndpoints,
  systemEndpoints,
  usersEndpoints,
  type Endpoint,
} from '@assay/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registerAuthentication } from './authentication.ts';
import { errorHandler } from './error-handler.ts';
import { onlyDeclaredRoutes, route } from './route.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The route's URL as Fastify knows it: the mount, then the declared pattern. */
const mounted = (e: Endpoint) => (e.mount === 'site' ? '' : API_BASE) + e.path;
/** Well-formed values for the path parameters that are not ids. */
const sampleParams: Record<string, string> = { invoice_number: 'INV/2026-27/000001', credit_note_number: 'CN/2026-27/000001' };
/** A concrete URL for the endpoint, every path parameter filled with a well-formed value (an id unless named above). */
const sample = (e: Endpoint) =>
  endpointPath(
    e,
    Object.fromEntries(
      [...e.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, sampleParams[name!] ?? '00000000-0000-4000-8000-000000000000']),
    ),
  );

const endpoints = allEndpoints();

/** A Fastify app with our compilers, error handler and guards, and nothing else. */
async function bareApp(register: (api: ReturnType<typeof Fastify>) => void | Promise<void>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerAuthentication(app, t.deps);
  await app.register(cookie);
  await app.register(
    async (api) => {
      onlyDeclaredRoutes(api);
      await register(api);
    },
    { prefix: API_BASE },
  );
  await app.ready();
  return app;
}

describe('the endpoint declarations (packages/shared/src/api)', () => {
  it('declare each method and path once', () => {
    const keys = endpoints.map(([, e]) => `${e.method} ${mounted(e)}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(endpoints.length).toBeGreaterThan(50);
  });

  it.each(endpoints)('%s is registered on the server', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: mounted(e) })).toBe(true);
  });

  it('are all in the OpenAPI document at /api/docs, except the crawler pages', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const api = endpoints.filter(([, e]) => e.mount !== 'site');
    const openApiPath = (e: Endpoint) => e.path.replace(/:(\w+)/g, '{$1}');
    expect(documented.sort()).toEqual(api.map(([, e]) => `${e.method} ${openApiPath(e)}`).sort());
  });

  it.each(endpoints.filter(([, e]) => e.auth === 'member' && !e.body))('%s refuses a caller without a token', async (_name, e) => {
    const res = await t.app.inject({ method: e.method, url: sample(e) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: MSG.notAuthenticated });
  });

  it.each(endpoints.filter(([, e]) => (e.auth === 'operator' || e.auth === 'member_or_operator') && !e.body))(
    '%s refuses a caller without credentials',
    async (_name, e) => {
      const res = await t.app.inject({ method: e.method, url: sample(e) });
      expect(res.statusCode).toBe(401);
    },
  );

  it("refuse a member's bearer token on operator routes", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization: 'Bearer not-an-operator' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: MSG.adminAuthRequired });
  });
});

describe('route()', () => {
  it('answers a declared 201 without the handler saying so, serialised through the schema', async () => {
    const created = endpoint({
      method: 'POST',
      path: '/things',
      auth: 'public',
      tags: ['test'],
      body: z.object({ name: z.string() }),
      responses: { 201: z.object({ name: z.string() }) },
    });
    const app = await bareApp((api) => route(api, created, async (req) => ({ name: req.body.name, secret: 'left out' })));
    const res = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'Ada' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'Ada' });
    await app.close();
  });

  it('validates params, query and body with the declared schemas (422 with the field)', async () => {
    const app = await bareApp((api) =>
      route(api, usersEndpoints.updateMe, async () => {
        throw new Error('not reached');
      }),
    );
    // The guard runs before validation (a preValidation hook): a caller without credentials
    // learns nothing of the schema (issue 26); one with them gets the field-by-field 422.
    const stranger = await app.inject({ method: 'PATCH', url: '/api/users/me', payload: { name: 'A', phone: '12' } });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).not.toContain('name');
    const withToken = await app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { authorization: 'Bearer not-a-token' },
      payload: { name: 'A', phone: '12' },
    });
    expect(withToken.statusCode).toBe(401);
    await app.close();
    const open = await bareApp((api) =>
      route(api, authEndpoints.forgotPassword, async () => {
        throw new Error('not reached');
      }),
    );
    const res = await open.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('email');
    await open.close();
  });

  it('puts the guard of the declared auth kind in front of the handler', async () => {
    let reached = 0;
    const app = await bareApp((api) => {
      route(api, usersEndpoints.me, async () => {
        reached++;
        throw new Error('not reached');
      });
      route(api, blogEndpoints.adminList, async () => {
        reached++;
        return { posts: [] };
      });
      route(api, systemEndpoints.health, async () => {
        reached++;
        return { status: 'ok' as const };
      });
    });
    expect((await app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/blog/admin/posts' })).json()).toMatchObject({ code: 'admin_auth_required' });
    expect(reached).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(reached).toBe(1);
    await app.close();
  });

  it('refuses a response that does not match the declared schema, never sending it', async () => {
    const app = await bareApp((api) => route(api, systemEndpoints.health, async () => ({ status: 'broken' }) as never));
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('broken');
    await app.close();
  });

  it('refuses an endpoint registered outside its mount', async () => {
    const app = Fastify();
    registerAuthentication(app, t.deps);
    expect(() => route(app, systemEndpoints.health, async () => ({ status: 'ok' as const }))).toThrow(
      'declared under "/api" but registered under ""',
    );
  });

  it('refuses a guarded endpoint when the app has no guards', async () => {
    const app = Fastify();
    await expect(
      app.register(async (api) => route(api, reportsEndpoints.list, async () => ({ reports: [], page: 1, pages: 0, total: 0 })), {
        prefix: API_BASE,
      }),
    ).rejects.toThrow('registerAuthentication');
  });

  it('onlyDeclaredRoutes refuses a route that no declaration names', async () => {
    await expect(
      bareApp((api) => {
        api.get('/hand-written', async () => ({}));
      }),
    ).rejects.toThrow('GET /api/hand-written is not declared');
  });
});
