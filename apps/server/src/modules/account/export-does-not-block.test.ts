import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { renderedDocuments } from '../billing/index.ts';
import { buyPackage, signUpPerson } from './test-support.ts';

/*
 * Issue 32: a member's export rendered every invoice back to back on the main thread, and
 * meanwhile /api/health waited 20 s and another member's balance 19 s. Now the export is a job
 * that streams stored PDFs into the blob store, and the PDFs it must still draw are drawn on worker
 * threads (docs/decisions/181-heavy-work-off-the-event-loop.md). While it runs, the event loop stays
 * free: health and another member's balance answer within a generous bound.
 */

const INVOICES = 24;
/**
 * Generous: a free loop answers the pair in a few ms, but this machine is shared (timers run up to
 * ~200 ms late under load even with nothing to do); the issue measured 20 s.
 */
const BOUND_MS = 250;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '1000', PDF_RENDER_CONCURRENCY: '1' });
  await t.startWorker();
});
afterAll(() => t.close());

describe('a heavy export does not stall anyone else', () => {
  it(`while an export of ${INVOICES} never-rendered invoices is built, health and another member's balance answer within ${BOUND_MS} ms`, async () => {
    const heavy = await signUpPerson(t);
    for (let i = 0; i < INVOICES; i++) await buyPackage(t, heavy);
    // Once the receipt jobs have stored each PDF, forget them, so the export has every invoice to draw.
    const storedCount = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tax_document_pdfs WHERE stored_at IS NOT NULL')).rows[0]!.n;
    await expect.poll(storedCount, { timeout: 120_000, interval: 200 }).toBe(INVOICES);
    await t.db.query('DELETE FROM tax_document_pdfs');
    const other = await signUpAndLogin(t);
    // Warm the paths measured, so the first sample is not a cold start.
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: other.auth });

    const rendered = renderedDocuments();
    const asked = await t.app.inject({ method: 'POST', url: '/api/users/me/exports', headers: heavy.auth });
    expect(asked.statusCode).toBe(202);
    const id = asked.json<{ id: string }>().id;
    const samples: number[] = [];
    const status = async () =>
      (await t.db.query<{ status: string }>('SELECT status FROM account_exports WHERE id = $1', [id])).rows[0]!.status;
    const end = Date.now() + 120_000;
    while ((await status()) === 'preparing' && Date.now() < end) {
      const started = performance.now();
      const [health, balance] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/health' }),
        t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: other.auth }),
      ]);
      samples.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      expect(balance.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await status()).toBe('ready');
    // Every invoice was drawn during the export, on the render workers, not on this thread.
    expect(renderedDocuments() - rendered).toBeGreaterThanOrEqual(INVOICES);
    expect(await storedCount()).toBe(INVOICES);
    expect(samples.length).toBeGreaterThan(5);
    const worst = Math.max(...samples);
    expect(worst, `slowest health + balance pair: ${worst.toFixed(1)} ms of ${samples.length}`).toBeLessThan(BOUND_MS);
  }, 240_000);
});
