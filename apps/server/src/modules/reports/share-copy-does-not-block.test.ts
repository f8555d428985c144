import type { Report } from '@assay/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { IDEA } from '../../../test/reports.ts';
import { adjustTokens } from '../tokens/index.ts';
import { processReport } from './process-report.ts';
import { renderedShareCopies } from './render-share-copy.ts';
import { createReportLeases } from './report-lease.ts';

/*
 * Issue 27 §4 with decision 181: a share link's watermarked copy is a whole report drawn again
 * (seconds of synchronous layout for a Comprehensive one). It is drawn on a render worker thread:
 * while members make links, health and another member's balance keep answering, and every copy was
 * drawn by the pool (drawn in the request instead, this count is 0 and the test fails).
 *
 * No latency bound is asserted, unlike export-does-not-block.test.ts: on this shared machine (load
 * 25–30 on 2 cores) the event loop's longest delay was 0.4–1.7 s with the copies on the pool and
 * 2.5 s with them on the request thread — too close to tell apart reliably. (Pairs of requests
 * sampled in a loop told nothing either: a block falls between two samples.) The measurements are
 * kept in the failure message of the assertions below.
 */
const LINKS = 3;

let t: TestApp;
let owner: Member;
let reportId: string;
beforeAll(async () => {
  t = await createTestApp({ PDF_RENDER_CONCURRENCY: '1' });
  owner = await signUpAndLogin(t);
  await t.db.transaction((tx) => adjustTokens(tx, { userId: owner.user.id, amount: 10_000, note: 'test funding' }));
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/reports/generate',
    headers: owner.auth,
    payload: { idea: IDEA, complexity: 'comprehensive' },
  });
  reportId = started.json<Report>().id;
  // The report is written before anything is measured (its own PDF is drawn by the report worker, not here).
  const leases = createReportLeases(t.db, { ttlMs: 30_000, log: t.deps.log });
  await processReport(t.deps, { id: 'j1', data: { reportId }, retryCount: 0, retryLimit: 2 }, { sectionConcurrency: 4, leases });
  leases.stop();
}, 240_000);
afterAll(() => t.close());

describe('making share links does not stall anyone else', () => {
  it(`${LINKS} watermarked copies of a Comprehensive report are drawn on the render pool while health and another member's balance keep answering`, async () => {
    const other = await signUpAndLogin(t);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: other.auth });

    const rendered = renderedShareCopies();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let pending = LINKS;
    const making = Array.from({ length: LINKS }, (_, i) =>
      t.app
        .inject({
          method: 'POST',
          url: `/api/reports/${reportId}/share-links`,
          headers: owner.auth,
          payload: { label: `Investor ${i + 1}` },
        })
        .finally(() => pending--),
    );
    const samples: number[] = [];
    while (pending > 0) {
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
    const made = await Promise.all(making);
    delay.disable();
    const blocked = delay.max / 1e6;
    const worst = Math.max(...samples);
    const sorted = [...samples].sort((a, b) => a - b);
    const measured = `${samples.length} samples, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(1)} ms, worst ${worst.toFixed(1)} ms; loop delay max ${blocked.toFixed(1)} ms`;

    expect(made.map((r) => r.statusCode)).toEqual(Array.from({ length: LINKS }, () => 201));
    // Every copy was drawn on the render worker, not on this thread.
    expect(renderedShareCopies() - rendered, measured).toBe(LINKS);
    // The loop kept answering while the copies were drawn.
    expect(samples.length, measured).toBeGreaterThan(5);

    // What the worker drew is the watermarked copy the recipient opens.
    const { url } = made[1]!.json<{ url: string }>();
    const pdf = await t.app.inject({ method: 'POST', url: `/api/share/${/\/r\/([A-Za-z0-9_-]+)$/.exec(url)![1]!}/pdf`, payload: {} });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'assay-share-')), 'copy.pdf');
    writeFileSync(file, pdf.rawPayload);
    expect(execFileSync('pdftotext', ['-q', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')).toContain('Shared with Investor 2');
  }, 240_000);
});
