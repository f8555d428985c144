/**
 * What the request log keeps: never a capability link's secret, a bearer token or a cookie.
 */
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loggerOptions } from '../lib/logger-options.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('the request log', () => {
  let t: TestApp;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    app = await buildApp(t.deps, { logger: pino(loggerOptions('debug'), sink) as unknown as FastifyBaseLogger });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('logs the address of a capability link without its key or token, and no credentials', async () => {
    await app.inject({ method: 'GET', url: '/api/account-exports/00000000-0000-0000-0000-000000000000?key=the-secret-key&x=1' });
    await app.inject({
      method: 'GET',
      url: '/api/blog/preview?token=the-preview-token',
      headers: { authorization: 'Bearer the-bearer', cookie: 'refresh=the-cookie' },
    });
    const log = lines.join('');
    expect(log).toContain('/api/account-exports/00000000-0000-0000-0000-000000000000?key=[redacted]&x=1');
    expect(log).toContain('token=[redacted]');
    for (const secret of ['the-secret-key', 'the-preview-token', 'the-bearer', 'the-cookie']) expect(log).not.toContain(secret);
  });
});
