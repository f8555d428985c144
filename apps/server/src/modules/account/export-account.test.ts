import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { ACCOUNT_MESSAGES } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { Secret, TOTP } from 'otpauth';
import { GOOD_PASSWORD, signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { completedReport, IDEA } from '../../../test/reports.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import type { Queryable } from '../../db/client.ts';
import { buildArchive } from './export-account.ts';
import { purgeExpiredExportsSweep } from './index.ts';
import { buyPackage, signUpPerson } from './test-support.ts';

const OPS_PASSWORD = 'operator-password-123';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_OTP_PER_IP: '1000',
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: OPS_PASSWORD,
  });
  await ensureFirstOperator(t.deps);
  await t.startWorker();
});
afterAll(() => t.close());

const requestExport = (m: Member) => t.app.inject({ method: 'POST', url: '/api/users/me/exports', headers: m.auth });

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const found = await check();
    if (found) return found;
  }
  throw new Error('timed out');
}

/** The link in the export's mail to `email`, as a path and query the app answers. */
async function mailedLink(email: string, after = 0): Promise<string> {
  const mail = await waitFor(
    async () => t.smtp.received.slice(after).find((r) => r.to.includes(email) && r.subject.includes('ready to download')),
    30_000,
  );
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /(https?:\/\/\S+\/api\/account-exports\/[0-9a-f-]{36}\?key=[0-9a-f]{64})/.exec(body)?.[1];
  if (!link) throw new Error(`no link in ${body}`);
  return new URL(link).pathname + new URL(link).search;
}

/** Asks for the export, waits for its mail and downloads the zip the link points to. */
async function exportOf(
  m: Member,
): Promise<{ status: number; rawPayload: Buffer; headers: Record<string, unknown>; link: string; id: string }> {
  const before = t.smtp.received.length;
  const asked = await requestExport(m);
  if (asked.statusCode !== 202) return { status: asked.statusCode, rawPayload: asked.rawPayload, headers: asked.headers, link: '', id: '' };
  const link = await mailedLink(m.email, before);
  const res = await t.app.inject({ method: 'GET', url: link });
  return { status: res.statusCode, rawPayload: res.rawPayload, headers: res.headers, link, id: asked.json<{ id: string }>().id };
}

/** Opens a zip the way any unzip tool does: from its central directory, checking each entry's CRC. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, file) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          buffer(stream).then((b) => {
            entries.set(entry.fileName, b);
            file.readEntry();
          }, reject);
        });
      });
      file.readEntry();
    });
  });
}

describe('the data export (a job; the mailed link downloads the zip)', () => {
  it('streams one zip with the profile, purchases, token ledger, reports’ details and their PDFs', async () => {
    const m = await signUpPerson(t);
    const { orderId } = await buyPackage(t, m);
    const report = await completedReport(t, m);
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-preferences',
      headers: m.auth,
      payload: { report_ready: false, tokens_expiring: true },
    });

    const res = await exportOf(m);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="assay-data-\d{4}-\d\d-\d\d\.zip"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // A standard unzip tool opens it and finds every entry intact.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-export-'));
    writeFileSync(path.join(dir, 'export.zip'), res.rawPayload);
    expect(execFileSync('unzip', ['-tq', path.join(dir, 'export.zip')], { encoding: 'utf8' })).toContain('No errors detected');

    const files = await unzip(res.rawPayload);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    const pdfName = [...files.keys()].find((n) => n.startsWith('reports/') && n.endsWith('.pdf'));
    const invoiceName = [...files.keys()].find((n) => n.startsWith('invoices/'));
    expect([...files.keys()].sort()).toEqual(
      ['README.txt', 'profile.json', 'purchases.json', pdfName, invoiceName, 'reports/reports.json', 'token-ledger.json'].sort(),
    );
    // The purchase's tax invoice (modules/billing), named by its number.
    expect(invoiceName).toMatch(/^invoices\/INV-\d{4}-\d{2}-\d{6}\.pdf$/);
    expect(files.get(invoiceName!)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfName).toMatch(new RegExp(`^reports/\\d{4}-\\d\\d-\\d\\d-.+-${report.id.slice(0, 8)}\\.pdf$`));

    expect(json('profile.json')).toMatchObject({
      user: { id: m.user.id, email: m.person.email, name: m.person.name, phone: m.person.phone, reports_generated: 1 },
      notification_preferences: { report_ready: false, tokens_expiring: true },
    });
    expect(json('purchases.json')).toEqual([
      expect.objectContaining({ order_id: orderId, status: 'paid', tokens: 10000, package_id: 'starter' }),
    ]);
    const ledger = json('token-ledger.json');
    expect(ledger.lots).toHaveLength(2);
    expect(ledger.entries.map((e: { kind: string }) => e.kind)).toEqual(['grant', 'purchase', 'hold']);
    expect(ledger.entries.find((e: { kind: string }) => e.kind === 'hold').report_id).toBe(report.id);
    expect(json('reports/reports.json')).toEqual([
      expect.objectContaining({ id: report.id, idea: IDEA, status: 'completed', pdf_file: pdfName }),
    ]);
    expect(files.get('README.txt')!.toString()).toContain('token-ledger.json');

    // The PDF is the stored file, byte for byte.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}/download`, headers: m.auth });
    expect(files.get(pdfName!)!.equals(pdf.rawPayload)).toBe(true);
    expect(files.get(pdfName!)!.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('carries the credit note of a refunded purchase beside its invoice; deleting the account removes its mailed copy', async () => {
    const m = await signUpPerson(t);
    await buyPackage(t, m);
    const purchase = (await t.db.query<{ id: string }>('SELECT id FROM payments WHERE user_id = $1', [m.user.id])).rows[0]!;
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/billing/purchases/${purchase.id}/refund-request`,
      headers: m.auth,
      payload: { reason: 'Wrong package' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ops = { authorization: `Basic ${Buffer.from(`ops:${OPS_PASSWORD}`).toString('base64')}` };
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${asked.json<{ id: string }>().id}/approve`,
      headers: ops,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const files = await unzip((await exportOf(m)).rawPayload);
    const note = [...files.keys()].find((n) => n.startsWith('credit-notes/'));
    expect(note).toMatch(/^credit-notes\/CN-\d{4}-\d{2}-\d{6}\.pdf$/);
    expect(files.get(note!)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect([...files.keys()].filter((n) => n.startsWith('invoices/'))).toHaveLength(1);
    expect(JSON.parse(files.get('token-ledger.json')!.toString('utf8')).entries.map((e: { kind: string }) => e.kind)).toContain('refund');

    // The refund mail stored a copy naming the buyer; deletion takes it away with the account.
    // The credit note is stored once (decision 181); its stored file is what the zip carries.
    const number = note!.slice('credit-notes/'.length, -'.pdf'.length).replace(/^CN-(\d{4}-\d{2})-/, 'CN/$1/');
    const copy = (await t.db.query<{ blob_key: string }>('SELECT blob_key FROM tax_document_pdfs WHERE credit_note_number = $1', [number]))
      .rows[0]!.blob_key;
    expect((await buffer((await t.deps.blobs.get(copy))!.body)).equals(files.get(note!)!)).toBe(true);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: m.auth, payload: { password: GOOD_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expect.poll(async () => (await t.deps.blobs.get(copy)) === undefined, { timeout: 10_000 }).toBe(true);
  });

  it('writes its records a page at a time as the zip takes them, in the same layout as a whole JSON.stringify (issue 32)', async () => {
    const m = await signUpPerson(t);
    await buyPackage(t, m);
    // Six more orders left unpaid, so the purchases span several pages of 2.
    await t.db.query(
      `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency, provider, receipt, razorpay_order_id)
      SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), $1, 'starter', 'Starter', 10000, 4900, 0, 4900, 'USD', 'sandbox', 'r', 'order_paged_' || i || '_' || $2 FROM generate_series(1, 6) i`,
      [m.user.id, m.user.id],
    );
    const rows: number[] = [];
    const counting: Queryable = {
      query: async (text, params) => {
        const r = await t.db.query(text, params);
        rows.push(r.rows.length);
        return r;
      },
    } as Queryable;
    const { stream } = await buildArchive({ ...t.deps, db: counting as typeof t.deps.db }, m.user.id, 2);
    const files = await unzip(await buffer(stream));
    // No statement answered more than a page.
    expect(Math.max(...rows)).toBeLessThanOrEqual(2);
    const text = (name: string) => files.get(name)!.toString('utf8');
    for (const name of ['purchases.json', 'token-ledger.json', 'reports/reports.json']) {
      expect(text(name), name).toBe(`${JSON.stringify(JSON.parse(text(name)), null, 2)}\n`);
    }
    const purchases = JSON.parse(text('purchases.json')) as { order_id: string; created_at: string }[];
    const expected = (
      await t.db.query<{ order: string }>('SELECT razorpay_order_id AS order FROM payments WHERE user_id = $1 ORDER BY created_at, id', [
        m.user.id,
      ])
    ).rows;
    expect(purchases.map((p) => p.order_id)).toEqual(expected.map((r) => r.order));
    expect(purchases).toHaveLength(7);
    const ledger = JSON.parse(text('token-ledger.json'));
    expect(ledger.lots).toHaveLength(2);
    expect(ledger.entries.map((e: { kind: string }) => e.kind)).toEqual(['grant', 'purchase']);
    expect(JSON.parse(text('reports/reports.json'))).toEqual([]);
  });

  it('holds only the member’s own data', async () => {
    const owner = await signUpPerson(t);
    await buyPackage(t, owner);
    const other = await signUpPerson(t);
    const files = await unzip((await exportOf(other)).rawPayload);
    const all = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(all).toContain(other.person.email);
    expect(all).not.toContain(owner.person.email);
    expect(all).not.toContain(owner.user.id);
    expect(JSON.parse(files.get('purchases.json')!.toString())).toEqual([]);
  });

  it('puts a note in place of a stored file that is missing, and the archive still opens', async () => {
    const m = await signUpPerson(t);
    const report = await completedReport(t, m);
    const key = (await t.db.query<{ pdf_key: string }>('SELECT pdf_key FROM reports WHERE id = $1', [report.id])).rows[0]!.pdf_key;
    await t.deps.blobs.delete(key);
    const files = await unzip((await exportOf(m)).rawPayload);
    const note = [...files.keys()].find((n) => n.endsWith('.pdf.missing.txt'));
    expect(note).toBeDefined();
    expect(files.get(note!)!.toString()).toContain('could not be found');
    expect([...files.keys()].some((n) => n.endsWith('.pdf'))).toBe(false);
  });

  it('answers 202 at once; the owner downloads it signed in too; another member, a wrong key and an unknown id get 404', async () => {
    const owner = await signUpPerson(t);
    const other = await signUpPerson(t);
    const asked = await requestExport(owner);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'preparing', detail: ACCOUNT_MESSAGES.exportStarted });
    // Asking again while it is prepared answers the same export (one zip for a double click).
    const again = await requestExport(owner);
    expect(again.json<{ id: string }>().id).toBe(asked.json<{ id: string }>().id);
    const id = asked.json<{ id: string }>().id;
    const link = await mailedLink(owner.person.email);
    expect(link).toContain(id);

    const signedIn = await t.app.inject({ method: 'GET', url: `/api/users/me/exports/${id}`, headers: owner.auth });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.rawPayload.equals((await t.app.inject({ method: 'GET', url: link })).rawPayload)).toBe(true);

    const theirs = await t.app.inject({ method: 'GET', url: `/api/users/me/exports/${id}`, headers: other.auth });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(ACCOUNT_MESSAGES.exportNotFound);
    // The other member's own key does not open this export, nor does a key cut short or none at all.
    const otherExport = await exportOf(other);
    const otherKey = new URL(otherExport.link, 'http://x').searchParams.get('key')!;
    for (const url of [
      `/api/account-exports/${id}?key=${otherKey}`,
      `/api/account-exports/${id}?key=${otherKey.slice(0, 10)}`,
      `/api/account-exports/${id}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/account-exports/not-a-uuid?key=abc` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/me/exports/${randomUUID()}`, headers: owner.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/me/exports/${id}` })).statusCode).toBe(401);
  });

  it('the link expires: 404, and the sweep deletes the file', async () => {
    const m = await signUpPerson(t);
    const res = await exportOf(m);
    expect(res.status).toBe(200);
    const key = (await t.db.query<{ blob_key: string }>('SELECT blob_key FROM account_exports WHERE id = $1', [res.id])).rows[0]!.blob_key;
    await t.db.query(
      `UPDATE account_exports SET requested_at = now() - interval '4 days', expires_at = now() - interval '1 second' WHERE id = $1`,
      [res.id],
    );
    const expired = await t.app.inject({ method: 'GET', url: res.link });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().detail).toBe(ACCOUNT_MESSAGES.exportNotFound);
    await purgeExpiredExportsSweep.run(t.deps);
    expect(await t.deps.blobs.get(key)).toBeUndefined();
    expect((await t.db.query('SELECT 1 FROM account_exports WHERE id = $1', [res.id])).rows).toHaveLength(0);
  });

  it('needs a signed-in member, and is limited to a few exports an hour', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/exports' })).statusCode).toBe(401);
    const m = await signUpAndLogin(t);
    for (let i = 0; i < 10; i++) {
      const asked = await requestExport(m);
      expect(asked.statusCode).toBe(202);
      // Finished before the next request, so each is a new export.
      await t.db.query(`UPDATE account_exports SET status = 'failed' WHERE id = $1 AND status = 'preparing'`, [
        asked.json<{ id: string }>().id,
      ]);
    }
    const limited = await requestExport(m);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('the mailed link with two-factor sign-in on (decision 190)', () => {
  it('leads to the profile instead of the file: the mailbox alone is not enough; signed in, the file downloads', async () => {
    const m = await signUpAndLogin(t);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      headers: m.auth,
      payload: { password: GOOD_PASSWORD },
    });
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.json().secret) });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/totp/enable', headers: m.auth, payload: { code } })).statusCode).toBe(200);

    const before = t.smtp.received.length;
    const asked = await requestExport(m);
    const id = asked.json<{ id: string }>().id;
    const link = await mailedLink(m.email, before);
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/profile?export=${id}#your-data`);
    expect(res.headers['content-type'] ?? '').not.toContain('zip');
    const mail = t.smtp.received.slice(before).find((r) => r.to.includes(m.email) && r.subject.includes('ready to download'))!;
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('you will be asked to sign in');

    const signedIn = await t.app.inject({ method: 'GET', url: `/api/users/me/exports/${id}`, headers: m.auth });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toBe('application/zip');
  });
});
