import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

/**
 * The product and a browser for one test file: started together before its tests, closed after
 * them. Read `server` and `browser` inside the tests (they are set once `beforeAll` has run).
 */
export function serverAndBrowser(env?: Record<string, string>, opts?: ServerOptions) {
  const started = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [started.server, started.browser] = await Promise.all([startServer(env, opts), launchBrowser()]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  return started;
}
