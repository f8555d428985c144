import type { Report, ShareLink, SharedReport } from '@assay/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loggerOptions } from '../../lib/logger-options.ts';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { IDEA } from '../../../test/reports.ts';
import { processReport } from './process-report.ts';
import { createReportLeases } from './report-lease.ts';

/** Issue 27 §4: share links, driven through an app whose log is kept at debug (every request logged). */
let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];
let owner: Member;
let stranger: Member;
let reportId: string;

beforeAll(async () => {
  t = await createTestApp();
  const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
  app = await buildApp(t.deps, { logger: pino(loggerOptions('debug'), sink) as unknown as FastifyBaseLogger });
  await app.ready();
  owner = await signUpAndLogin(t);
  stranger = await signUpAndLogin(t);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/reports/generate',
    headers: owner.auth,
    payload: { idea: IDEA, complexity: 'basic' },
  });
  reportId = started.json<Report>().id;
  const leases = createReportLeases(t.db, { ttlMs: 30_000, log: t.deps.log });
  await processReport(t.deps, { id: 'j1', data: { reportId }, retryCount: 0, retryLimit: 2 }, { sectionConcurrency: 4, leases });
  leases.stop();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const call = (m: Member | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, extra: { remoteAddress?: string } = {}) =>
  app.inject({ method, url, headers: m ? m.auth : {}, ...(payload ? { payload } : {}), ...extra });
const share = async (payload: object, m = owner, id = reportId) => call(m, 'POST', `/api/reports/${id}/share-links`, payload);
const tokenOf = (url: string) => /\/r\/([A-Za-z0-9_-]+)$/.exec(url)![1]!;
const links = async (m = owner) => (await call(m, 'GET', `/api/reports/${reportId}/share-links`)).json<{ links: ShareLink[] }>().links;

describe('share links', () => {
  it('are unguessable (256 random bits), stored only hashed, and open the watermarked PDF without an account, counting views', async () => {
    const res = await share({ label: 'Acme Ventures' });
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json<{ id: string; url: string }>();
    expect(url).toMatch(new RegExp(`^${t.config.PUBLIC_URL.replace(/\/$/, '')}/r/[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const other = tokenOf((await share({ label: 'Second' })).json<{ url: string }>().url);
    expect(other).not.toBe(token);
    const stored = (await t.db.query<{ token_sha256: string }>('SELECT token_sha256 FROM report_share_links WHERE id = $1', [id])).rows[0]!;
    expect(stored.token_sha256).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify((await t.db.query('SELECT * FROM report_share_links')).rows)).not.toContain(token);

    const meta = await call(null, 'GET', `/api/share/${token}`);
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['cache-control']).toBe('no-store');
    expect(meta.headers['referrer-policy']).toBe('no-referrer');
    expect(meta.json<SharedReport>()).toMatchObject({ label: 'Acme Ventures', version: 1, needs_passcode: false, expires_at: null });
    const pdf = await call(null, 'POST', `/api/share/${token}/pdf`, {});
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline;/);
    const bytes = pdf.rawPayload.toString('latin1');
    expect(bytes.startsWith('%PDF-')).toBe(true);
    // The recipient is in the copy (its metadata here; on every page as drawn).
    expect(bytes).toContain('Shared with Acme Ventures');
    const own = await t.app.inject({ method: 'GET', url: `/api/reports/${reportId}/download`, headers: owner.auth });
    expect(own.rawPayload.toString('latin1')).not.toContain('Shared with');
    await call(null, 'POST', `/api/share/${token}/pdf`, {});
    const listed = (await links()).find((l) => l.id === id)!;
    expect(listed).toMatchObject({ label: 'Acme Ventures', version: 1, views: 2, state: 'active', has_passcode: false });
    expect(listed.last_viewed_at).toBeTruthy();
    expect(JSON.stringify(await links())).not.toContain(token);
  });

  it('answers 404 for a guessed, malformed, revoked or expired link, the same way', async () => {
    const { id, url } = (await share({ label: 'Revoke me' })).json<{ id: string; url: string }>();
    const token = tokenOf(url);
    const guessed = Buffer.alloc(32, 7).toString('base64url');
    for (const bad of [guessed, 'short', `${token}x`]) expect((await call(null, 'GET', `/api/share/${bad}`)).statusCode).toBe(404);

    // Another member can neither list, revoke, nor share this report.
    expect((await call(stranger, 'DELETE', `/api/reports/${reportId}/share-links/${id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/reports/${reportId}/share-links`)).statusCode).toBe(404);
    expect((await share({ label: 'Me' }, stranger)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/share/${token}`)).statusCode).toBe(200);

    expect((await call(owner, 'DELETE', `/api/reports/${reportId}/share-links/${id}`)).statusCode).toBe(200);
    const gone = await call(null, 'GET', `/api/share/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ detail: string }>().detail).toBe('This link does not exist, was revoked or has expired');
    expect((await call(null, 'POST', `/api/share/${token}/pdf`, {})).statusCode).toBe(404);
    expect((await links()).find((l) => l.id === id)!.state).toBe('revoked');

    const soon = (await share({ label: 'Expiring', expires_at: new Date(Date.now() + 60_000).toISOString() })).json<{
      id: string;
      url: string;
    }>();
    expect((await call(null, 'GET', `/api/share/${tokenOf(soon.url)}`)).json<SharedReport>().expires_at).toBeTruthy();
    await t.db.query(`UPDATE report_share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [soon.id]);
    expect((await call(null, 'POST', `/api/share/${tokenOf(soon.url)}/pdf`, {})).statusCode).toBe(404);
    expect((await links()).find((l) => l.id === soon.id)!.state).toBe('expired');

    const past = await share({ label: 'Late', expires_at: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(422);
    expect(past.json<{ detail: string }>().detail).toBe('The expiry must be in the future');
    expect((await share({ label: '   ' })).statusCode).toBe(422);
    expect((await share({ label: 'V9', version: 9 })).statusCode).toBe(404);
  });

  it('asks for the passcode (hashed, never stored as given), and limits wrong ones per address so a stranger cannot lock the recipient out', async () => {
    const { id, url } = (await share({ label: 'Board member', passcode: 'river-otter-42' })).json<{ id: string; url: string }>();
    const token = tokenOf(url);
    const hash = (await t.db.query<{ passcode_hash: string }>('SELECT passcode_hash FROM report_share_links WHERE id = $1', [id])).rows[0]!
      .passcode_hash;
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('river-otter-42');
    expect((await call(null, 'GET', `/api/share/${token}`)).json<SharedReport>().needs_passcode).toBe(true);

    const none = await call(null, 'POST', `/api/share/${token}/pdf`, {});
    expect(none.statusCode).toBe(403);
    expect(none.json<{ detail: string }>().detail).toBe('Enter the passcode you were given');
    const attacker = { remoteAddress: '203.0.113.9' };
    for (let i = 0; i < 10; i++) {
      expect((await call(null, 'POST', `/api/share/${token}/pdf`, { passcode: `guess-${i}-xx` }, attacker)).statusCode).toBe(403);
    }
    const limited = await call(null, 'POST', `/api/share/${token}/pdf`, { passcode: 'river-otter-42' }, attacker);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The recipient, elsewhere, still opens it.
    const ok = await call(null, 'POST', `/api/share/${token}/pdf`, { passcode: 'river-otter-42' }, { remoteAddress: '198.51.100.7' });
    expect(ok.statusCode).toBe(200);
    expect((await links()).find((l) => l.id === id)!.views).toBe(1);
    expect((await share({ label: 'Weak', passcode: '123' })).statusCode).toBe(422);
  });

  it('never writes a link’s token into the log', async () => {
    const token = tokenOf((await share({ label: 'Logged?' })).json<{ url: string }>().url);
    await call(null, 'GET', `/api/share/${token}`);
    await call(null, 'POST', `/api/share/${token}/pdf`, {});
    await call(null, 'GET', `/r/${token}`);
    const log = lines.join('');
    expect(log).toContain('/api/share/[redacted]');
    expect(log).not.toContain(token);
  });

  it('dies with the report: deleting it removes its links and their copies', async () => {
    const m = await signUpAndLogin(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generate',
      headers: m.auth,
      payload: { idea: IDEA, complexity: 'basic' },
    });
    const id = started.json<Report>().id;
    const leases = createReportLeases(t.db, { ttlMs: 30_000, log: t.deps.log });
    await processReport(t.deps, { id: 'j2', data: { reportId: id }, retryCount: 0, retryLimit: 2 }, { sectionConcurrency: 4, leases });
    leases.stop();
    const link = (await share({ label: 'Gone soon' }, m, id)).json<{ id: string; url: string }>();
    const file = path.join(t.config.DATA_DIR, 'files', `shares/${link.id}.pdf`);
    expect(existsSync(file)).toBe(true);
    expect((await call(m, 'DELETE', `/api/reports/${id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/share/${tokenOf(link.url)}`)).statusCode).toBe(404);
    expect(existsSync(file)).toBe(false);
  });
});
