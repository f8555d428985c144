import { randomUUID } from 'node:crypto';
import { MSG, type Report } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../db/client.ts';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MAX_STREAMS_PER_MEMBER } from './report-events.ts';

/**
 * Runs on PGlite (embedded: its own listen API, one connection) and on PostgreSQL (a dedicated
 * listening connection, which can drop). The fallback beat is ten minutes here, so anything a
 * stream shows within seconds came from a notification (decision 241).
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ REPORT_STREAM_FALLBACK_MS: '600000' });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

const IDEA = 'A self-cleaning solar panel coating made of nano-structured titanium dioxide that sheds dust in desert plants.';

/** A report that stays processing: no worker runs in this suite. */
async function processingReport(m: Member) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reports/generate',
    headers: m.auth,
    payload: { idea: IDEA, complexity: 'basic' },
  });
  return res.json<Report>();
}

const open: AbortController[] = [];
async function stream(m: Member, reportId: string, at = base) {
  const abort = new AbortController();
  open.push(abort);
  const res = await fetch(`${at}/api/reports/${reportId}/events`, { headers: m.auth, signal: abort.signal });
  return { res, close: () => abort.abort() };
}

/** The reports an open stream has carried so far, read as they come. */
function reportsOf(res: Response) {
  const got: Report[] = [];
  let ended = false;
  void (async () => {
    let buf = '';
    for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
      buf += chunk;
      for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
        const data = buf
          .slice(0, i)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        buf = buf.slice(i + 2);
        if (data) got.push(JSON.parse(data.slice(6)) as Report);
      }
    }
  })()
    .catch(() => undefined)
    .finally(() => (ended = true));
  return {
    got,
    ended: () => ended,
    /** The first report carried that passes `check`, waited for up to `ms`. */
    async next(check: (r: Report) => boolean, ms = 5000) {
      await waitFor(async () => got.some(check), ms);
      return got.find(check)!;
    },
  };
}

/** Changes a report the way no notification tells of (triggers off, as a lost message would be). */
async function changeUnheard(reportId: string, set: string) {
  await t.db.transaction(async (tx) => {
    await tx.query(`SET LOCAL session_replication_role = replica`);
    await tx.query(`UPDATE reports SET ${set} WHERE id = $1`, [reportId]);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
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

  it('carries progress written by anyone as soon as it is committed, then the end, and closes', async () => {
    const m = await signUpAndLogin(t);
    const report = await processingReport(m);
    const s = await stream(m, report.id);
    const seen = reportsOf(s.res);
    await seen.next((r) => r.progress.stage === 'queued');

    // Written straight to the database, as the worker (in this process or another) does.
    const started = Date.now();
    await t.db.query(`UPDATE reports SET stage = 'sections' WHERE id = $1`, [report.id]);
    await t.db.query(`INSERT INTO report_sections (report_id, key, content) VALUES ($1, 'summary', '{}')`, [report.id]);
    const progressed = await seen.next((r) => r.progress.sections_done === 1);
    expect(progressed.progress.stage).toBe('sections');
    // Seconds at most on a loaded machine; the fallback would have taken ten minutes.
    expect(Date.now() - started).toBeLessThan(5000);

    await t.db.query(`UPDATE reports SET status = 'failed', stage = 'failed', error_message = 'x' WHERE id = $1`, [report.id]);
    expect((await seen.next((r) => r.status === 'failed')).error_message).toBe('x');
    await waitFor(async () => seen.ended());
  });

  it('ends the stream of a report deleted while it runs', async () => {
    const m = await signUpAndLogin(t);
    const report = await processingReport(m);
    const seen = reportsOf((await stream(m, report.id)).res);
    await seen.next(() => true);
    await t.db.query('DELETE FROM reports WHERE id = $1', [report.id]);
    await waitFor(async () => seen.ended());
  });

  it('reads nothing on a timer: N open streams cost no queries while nothing changes, one read each per change', async () => {
    // A sign-up's bonus pays for one report: two members, one report each.
    const [m, n] = [await signUpAndLogin(t), await signUpAndLogin(t)];
    const a = await processingReport(m);
    const b = await processingReport(n);
    const streams = [];
    for (const [who, id] of [
      [m, a.id],
      [m, a.id],
      [m, a.id],
      [n, b.id],
      [n, b.id],
    ] as const) {
      const s = reportsOf((await stream(who, id)).res);
      await s.next(() => true);
      streams.push(s);
    }
    const query = vi.spyOn(t.db, 'query');
    try {
      const reads = (id: string) => query.mock.calls.filter(([sql, params]) => /FROM reports r/.test(sql) && params?.[0] === id).length;
      await sleep(2500);
      expect(query.mock.calls.filter(([sql]) => /FROM reports/.test(sql))).toHaveLength(0);

      // A notification naming the report but another owner wakes nothing (the payload is checked).
      const forged = JSON.stringify({ id: a.id, owner: randomUUID() });
      await t.db.query(`SELECT pg_notify('assay_report_progress', $1)`, [forged]);
      await sleep(500);
      expect(reads(a.id)).toBe(0);

      await t.db.query(`UPDATE reports SET stage = 'outline' WHERE id = $1`, [a.id]);
      for (const s of streams.slice(0, 3)) await s.next((r) => r.progress.stage === 'outline');
      await sleep(500);
      // Three streams on the changed report, one read each; the other report's streams were left alone.
      expect(reads(a.id)).toBe(3);
      expect(reads(b.id)).toBe(0);
    } finally {
      query.mockRestore();
    }
  });

  it('leaves the lease heartbeat unheard (nothing a member sees changes)', async () => {
    const m = await signUpAndLogin(t);
    const report = await processingReport(m);
    const seen = reportsOf((await stream(m, report.id)).res);
    await seen.next(() => true);
    const query = vi.spyOn(t.db, 'query');
    try {
      await t.db.query(`UPDATE reports SET lease_owner = gen_random_uuid(), lease_until = now() + interval '1 minute' WHERE id = $1`, [
        report.id,
      ]);
      await sleep(1000);
      expect(query.mock.calls.filter(([sql]) => /FROM reports r/.test(sql))).toHaveLength(0);
    } finally {
      query.mockRestore();
    }
  });

  it('catches up on the fallback beat with a change no notification told of', async () => {
    const quick = await createTestApp({ REPORT_STREAM_FALLBACK_MS: '400' });
    try {
      const at = await quick.app.listen({ host: '127.0.0.1', port: 0 });
      const m = await signUpAndLogin(quick);
      const started = await quick.app.inject({
        method: 'POST',
        url: '/api/reports/generate',
        headers: m.auth,
        payload: { idea: IDEA, complexity: 'basic' },
      });
      const id = started.json<Report>().id;
      const s = await stream(m, id, at);
      const seen = reportsOf(s.res);
      await seen.next(() => true);
      await quick.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL session_replication_role = replica`);
        await tx.query(`UPDATE reports SET stage = 'pdf' WHERE id = $1`, [id]);
      });
      await seen.next((r) => r.progress.stage === 'pdf');
      s.close();
    } finally {
      await quick.close();
    }
  });
});

describe.runIf(onPostgres)('GET /reports/{id}/events on PostgreSQL: other connections and a lost listener', () => {
  it('carries a report finished through another connection (another server process)', async () => {
    const m = await signUpAndLogin(t);
    const report = await processingReport(m);
    const seen = reportsOf((await stream(m, report.id)).res);
    await seen.next(() => true);
    const elsewhere = openPostgres(t.db.url!, 1);
    try {
      await elsewhere.transaction(async (tx) => {
        await tx.query(`INSERT INTO report_sections (report_id, key, content) VALUES ($1, 'a', '{}'), ($1, 'b', '{}')`, [report.id]);
        await tx.query(
          `UPDATE reports SET status = 'completed', stage = 'done', pdf_key = 'reports/elsewhere.pdf', completed_at = now() WHERE id = $1`,
          [report.id],
        );
      });
    } finally {
      await elsewhere.close();
    }
    const done = await seen.next((r) => r.status === 'completed');
    expect(done.progress.sections_done).toBe(2);
    await waitFor(async () => seen.ended());
  });

  it('after the listening connection drops, reconnects and catches up with what it missed', async () => {
    const m = await signUpAndLogin(t);
    const report = await processingReport(m);
    const seen = reportsOf((await stream(m, report.id)).res);
    await seen.next(() => true);

    // A change no notification tells of, then the listening connection killed under the process.
    await changeUnheard(report.id, `stage = 'outline'`);
    await sleep(500);
    expect(seen.got.some((r) => r.progress.stage === 'outline')).toBe(false);
    const killed = await t.db.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid), pid FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN "assay_report_progress"'`,
    );
    expect(killed.rows).toHaveLength(1);

    // Back within the reconnect's first wait (a second), never the ten-minute fallback.
    await seen.next((r) => r.progress.stage === 'outline', 10_000);
    // And listening again: the next change arrives by notification.
    await t.db.query(`UPDATE reports SET stage = 'sections' WHERE id = $1`, [report.id]);
    await seen.next((r) => r.progress.stage === 'sections');
  });
});
