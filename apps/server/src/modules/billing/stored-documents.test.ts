import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';
import { buyWithSandbox, invoiceOfOrder, invoiceUrl } from './billing.test-support.ts';
import { ANONYMISED_BUYER, renderedDocuments } from './index.ts';
import { approve, askRefund, creditNoteUrl, OPS_PASSWORD, ops } from './refunds.test-support.ts';

/*
 * Invoices and credit notes are rendered once, on a worker thread, and served from the blob store
 * (docs/decisions/181-heavy-work-off-the-event-loop.md); they print non-Latin buyer names with the
 * report engine's text stack (issue 26, item 9). No worker runs here, so no receipt job stores the
 * invoice first: the first download renders it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: OPS_PASSWORD, PDF_RENDER_CONCURRENCY: '1' });
  await ensureFirstOperator(t.deps);
});
afterAll(() => t.close());

const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-tax-pdf-'));

/** The words pdftotext reads, in order (complex scripts come back whole from their ActualText). */
function words(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word [^>]*>([^<]*)<\/word>/g)].map((m) => m[1]!).join(' ');
}

function fonts(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdffonts', [file], { encoding: 'utf8' });
}

async function invoiceFor(m: Member) {
  return (await invoiceOfOrder(t, await buyWithSandbox(t, m, 'starter')))!;
}

describe('non-Latin buyer names (one PDF text stack with the report engine)', () => {
  const NAMES = [
    { script: 'Devanagari', name: 'राहुल शर्मा', font: 'NotoSansDevanagari' },
    { script: 'Chinese', name: '王小明', font: 'NotoSansSC' },
    { script: 'Arabic', name: 'محمد علي', font: 'NotoSansArabic' },
    { script: 'Cyrillic', name: 'Дмитрий Иванов', font: 'DejaVuSans' },
  ];
  for (const { script, name, font } of NAMES) {
    it(`prints a ${script} name on the invoice and on its credit note`, async () => {
      const m = await signUpAndLogin(t, { name });
      const inv = await invoiceFor(m);
      const pdf = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: m.auth });
      expect(pdf.statusCode, pdf.body).toBe(200);
      const text = words(pdf.rawPayload);
      expect(text.replace(/\s+/g, '')).toContain(name.replace(/\s+/g, ''));
      expect(text).toContain(inv.invoice_number);
      expect(fonts(pdf.rawPayload)).toContain(font);

      const purchase = (
        await t.db.query<{ id: string }>('SELECT payment_id AS id FROM invoices WHERE invoice_number = $1', [inv.invoice_number])
      ).rows[0]!;
      const asked = await askRefund(t, m, purchase.id);
      expect(asked.statusCode, asked.body).toBe(201);
      expect((await approve(t, asked.json<{ id: string }>().id)).statusCode).toBe(200);
      const cn = (
        await t.db.query<{ credit_note_number: string }>('SELECT credit_note_number FROM credit_notes WHERE invoice_number = $1', [
          inv.invoice_number,
        ])
      ).rows[0]!;
      const note = await t.app.inject({ method: 'GET', url: creditNoteUrl(cn.credit_note_number), headers: m.auth });
      expect(note.statusCode, note.body).toBe(200);
      expect(words(note.rawPayload).replace(/\s+/g, '')).toContain(name.replace(/\s+/g, ''));
    });
  }
});

describe('rendered once and served from storage', () => {
  it('two concurrent first downloads render once and get the same bytes; later downloads read the stored file', async () => {
    const m = await signUpAndLogin(t);
    const inv = await invoiceFor(m);
    expect((await t.db.query('SELECT 1 FROM tax_document_pdfs WHERE document_number = $1', [inv.invoice_number])).rows).toHaveLength(0);
    const before = renderedDocuments();
    const url = invoiceUrl(inv.invoice_number);
    const [a, b, c] = await Promise.all([
      t.app.inject({ method: 'GET', url, headers: m.auth }),
      t.app.inject({ method: 'GET', url, headers: m.auth }),
      t.app.inject({ method: 'GET', url, headers: ops }),
    ]);
    for (const r of [a, b, c]) expect(r.statusCode, r.body).toBe(200);
    expect(renderedDocuments() - before).toBe(1);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(c.rawPayload.equals(a.rawPayload)).toBe(true);

    const stored = (
      await t.db.query<{ blob_key: string; sha256: string; byte_size: number }>(
        'SELECT blob_key, sha256, byte_size FROM tax_document_pdfs WHERE invoice_number = $1',
        [inv.invoice_number],
      )
    ).rows[0]!;
    expect(stored.byte_size).toBe(a.rawPayload.length);
    const file = await buffer((await t.deps.blobs.get(stored.blob_key))!.body);
    expect(file.equals(a.rawPayload)).toBe(true);
    expect(a.headers['content-length']).toBe(String(a.rawPayload.length));

    // Served from the store: nothing is drawn again.
    const again = await t.app.inject({ method: 'GET', url, headers: m.auth });
    expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(renderedDocuments() - before).toBe(1);
  });

  it('the stored document never changes: the database refuses to repoint it', async () => {
    const m = await signUpAndLogin(t);
    const inv = await invoiceFor(m);
    await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: m.auth });
    await expect(
      t.db.query(`UPDATE tax_document_pdfs SET blob_key = 'invoices/other.pdf' WHERE invoice_number = $1`, [inv.invoice_number]),
    ).rejects.toThrow(/cannot change/);
    await expect(
      t.db.query(
        `INSERT INTO tax_document_pdfs (document_number, invoice_number, claim) VALUES ('INV/2099-00/000001', 'INV/2099-00/000001', gen_random_uuid())`,
      ),
    ).rejects.toThrow();
  });

  it('a stored file lost from the store is rendered and stored again', async () => {
    const m = await signUpAndLogin(t);
    const inv = await invoiceFor(m);
    const first = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: m.auth });
    const key = (
      await t.db.query<{ blob_key: string }>('SELECT blob_key FROM tax_document_pdfs WHERE invoice_number = $1', [inv.invoice_number])
    ).rows[0]!.blob_key;
    await t.deps.blobs.delete(key);
    const second = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: m.auth });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('account deletion removes the stored PDF naming the buyer; the operator then gets the anonymised one', async () => {
    const m = await signUpAndLogin(t, { name: 'Zenobia Quarrington' });
    const inv = await invoiceFor(m);
    const first = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: m.auth });
    expect(words(first.rawPayload)).toContain('Zenobia');
    const key = (
      await t.db.query<{ blob_key: string }>('SELECT blob_key FROM tax_document_pdfs WHERE invoice_number = $1', [inv.invoice_number])
    ).rows[0]!.blob_key;
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: m.auth, payload: { password: GOOD_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.deps.blobs.get(key)).toBeUndefined();
    const after = await t.app.inject({ method: 'GET', url: invoiceUrl(inv.invoice_number), headers: ops });
    expect(after.statusCode).toBe(200);
    const text = words(after.rawPayload);
    expect(text).not.toContain('Zenobia');
    expect(text).toContain(ANONYMISED_BUYER.split(' ')[0]);
  });
});
