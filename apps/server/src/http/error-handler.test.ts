import { MSG } from '@assay/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';

/** What a database error thrown by a route becomes (pg's DatabaseError carries the SQLSTATE in `code`). */
async function answerFor(code: string) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.get('/', async () => {
    throw Object.assign(new Error('database said no'), { code });
  });
  const res = await app.inject({ url: '/' });
  await app.close();
  return res;
}

describe('the error handler', () => {
  it.each([
    ['40P01', 'a deadlock'],
    ['40001', 'a serialisation failure'],
  ])('answers %s (%s) with a 409 to retry, not a 500', async (code) => {
    const res = await answerFor(code);
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ detail: MSG.concurrentChange, code: 'concurrent_change' });
  });

  it('still hides any other database error behind a 500 that reveals nothing', async () => {
    const res = await answerFor('23505');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: MSG.serverError, code: 'internal' });
  });
});
