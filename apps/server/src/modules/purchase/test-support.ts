import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** Helpers for payment tests. */

export const silentLog = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** Polls until `check` returns something truthy (background webhook handling, say). */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
