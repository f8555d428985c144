import { MSG, type Report } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MAX_STREAMS_PER_MEMBER } from './report-events.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const IDEA = 'A self-cleaning solar panel coating made of nano-structured titanium dioxide that sheds dust in desert plants.';

/** A report that stays processing: no worker runs in this suite. */
async function processingReport(m: Member) {
  const res = await t.app.inject({ method: 'POST', url: '/api/reports/generate', headers: m.auth, payload: { idea: IDEA, complexity: 'basic' } });
  return res.json<Report>();
}

const open: AbortController[] = [];
async function stream(m: Member, reportId: string) {
  const abort = new AbortController();
  open.push(abort);
  const res = await fetch(`${base}/api/reports/${reportId}/events`, { headers: m.auth, signal: abort.signal });
  return { res, close: () => abort.abort() };
}
afterAll(() => open.forEach((a) => a.abort()));

async function waitFor(check: () => Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('GET /reports/{id}/events', () => {
  it(`holds at most ${MAX_STREAMS_PER_MEMBER} streams per member, refuses more with 429, and frees a slot when one closes`, async () => {
    const m = await signUpAndLogin(t);
    const report = await processingReport(m);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) {
      const s = await stream(m, report.id);
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      streams.push(s);
    }
    const refused = await stream(m, report.id);
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe('5');
    expect(await refused.res.json()).toMatchObject({ detail: MSG.tooManyReportStreams });

    // Another member is not affected.
    const other = await signUpAndLogin(t);
    expect((await stream(other, (await processingReport(other)).id)).res.status).toBe(200);

    // Closing one stream frees its slot for the next.
    streams[0]!.close();
    await waitFor(async () => {
      const s = await stream(m, report.id);
      if (s.res.status !== 200) await s.res.body?.cancel();
      return s.res.status === 200;
    });
    expect((await stream(m, report.id)).res.status).toBe(429);
  });

  it('frees the slot when the stream ends by itself (a finished report)', async () => {
    const m = await signUpAndLogin(t);
    const report = await processingReport(m);
    await t.db.query(`UPDATE reports SET status = 'failed', error_message = 'x' WHERE id = $1`, [report.id]);
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER + 2; i++) {
      const s = await stream(m, report.id);
      expect(s.res.status).toBe(200);
      expect(await s.res.text()).toContain('event: report');
    }
  });

  it('answers 404 for another member’s report before counting anything', async () => {
    const m = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const theirs = await processingReport(other);
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER + 1; i++) expect((await stream(m, theirs.id)).res.status).toBe(404);
  });
});
