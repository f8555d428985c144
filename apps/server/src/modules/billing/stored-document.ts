import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { creditNoteBlobKey, findCreditNote } from './credit-note-row.ts';
import { findInvoiceByNumber, invoiceBlobKey } from './invoice-row.ts';
import { renderDocument, type RenderTask } from './render-documents.ts';

/**
 * Invoices and credit notes are rendered once and kept with the document
 * (docs/decisions/181-heavy-work-off-the-event-loop.md): the receipt and refund jobs store them when
 * they are issued, and a document issued before that (or anonymised since) is rendered on its
 * first download and stored — once, however many downloads race for it:
 *
 * - in one process, concurrent callers share one promise;
 * - across processes, a row in `tax_document_pdfs` claims the render: the first insert wins, the
 *   others wait for it to be stored (a claim older than CLAIM_STALE_MS is taken over: its process
 *   died). The render runs outside any transaction, so PGlite's one connection is never held.
 *
 * Each render writes a key of its own (`invoices/INV-…-<claim>.pdf`) and then records it only if
 * its claim is still the row's: a claim removed meanwhile (account deletion anonymised the buyer)
 * deletes what it wrote and renders the document again as it now stands.
 */
export type DocumentKind = 'invoice' | 'credit_note';

type StoreDeps = Pick<Deps, 'db' | 'blobs' | 'config'>;

interface StoredRow {
  claim: string;
  claim_stale: boolean;
  blob_key: string | null;
  byte_size: number | null;
}

const CLAIM_STALE_MS = 2 * 60_000;
const WAIT_STEP_MS = 50;
const inFlight = new Map<string, Promise<StoredDocument>>();

export interface StoredDocument {
  key: string;
  size: number;
}

/** The stored PDF of a document, rendered and stored first if it has none. */
export function storedDocument(deps: StoreDeps, kind: DocumentKind, number: string): Promise<StoredDocument> {
  let pending = inFlight.get(number);
  if (!pending) {
    pending = ensureStored(deps, kind, number).finally(() => inFlight.delete(number));
    inFlight.set(number, pending);
  }
  return pending;
}

/** The stored PDF as a stream: rendered and stored first when missing, or when its file was lost. */
export async function openStoredDocument(deps: StoreDeps, kind: DocumentKind, number: string): Promise<{ body: Readable; size: number }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const doc = await storedDocument(deps, kind, number);
    const file = await deps.blobs.get(doc.key);
    if (file) return { body: file.body, size: file.size ?? doc.size };
    // The row names a file the store no longer has (a deletion that rolled back after removing
    // it, a restore without the files): forget it and render again.
    await deps.db.query('DELETE FROM tax_document_pdfs WHERE document_number = $1 AND blob_key = $2', [number, doc.key]);
  }
  throw new Error(`stored PDF of ${number} keeps disappearing`);
}

async function ensureStored(deps: StoreDeps, kind: DocumentKind, number: string): Promise<StoredDocument> {
  const started = Date.now();
  for (;;) {
    const row = await readRow(deps, number);
    if (row?.blob_key) return { key: row.blob_key, size: row.byte_size! };
    const claim = randomUUID();
    if (await takeClaim(deps, kind, number, claim, row)) {
      const stored = await renderAndStore(deps, kind, number, claim);
      if (stored) return stored;
      continue;
    }
    // Another process is rendering it: wait for its row.
    if (Date.now() - started > CLAIM_STALE_MS + 30_000) throw new Error(`timed out waiting for the PDF of ${number}`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

async function readRow(deps: StoreDeps, number: string): Promise<StoredRow | undefined> {
  const r = await deps.db.query<StoredRow>(
    `SELECT claim, claimed_at < now() - make_interval(secs => $2::double precision / 1000) AS claim_stale, blob_key, byte_size
       FROM tax_document_pdfs WHERE document_number = $1`,
    [number, CLAIM_STALE_MS],
  );
  return r.rows[0];
}

/** Inserts the claim, or takes over a stale one; true when this caller holds it. */
async function takeClaim(deps: StoreDeps, kind: DocumentKind, number: string, claim: string, row: StoredRow | undefined): Promise<boolean> {
  if (row && !row.claim_stale) return false;
  const r = await deps.db.query(
    row
      ? `UPDATE tax_document_pdfs SET claim = $2, claimed_at = now() WHERE document_number = $1 AND claim = $3 AND stored_at IS NULL`
      : `INSERT INTO tax_document_pdfs (document_number, invoice_number, credit_note_number, claim)
         VALUES ($1, CASE WHEN $3 = 'invoice' THEN $1 END, CASE WHEN $3 = 'credit_note' THEN $1 END, $2)
         ON CONFLICT (document_number) DO NOTHING`,
    row ? [number, claim, row.claim] : [number, claim, kind],
  );
  return r.rowCount === 1;
}

async function renderAndStore(deps: StoreDeps, kind: DocumentKind, number: string, claim: string): Promise<StoredDocument | undefined> {
  const task = await renderTask(deps, kind, number);
  const pdf = await renderDocument(deps.config, task);
  const base = kind === 'invoice' ? invoiceBlobKey(number) : creditNoteBlobKey(number);
  const key = base.replace(/\.pdf$/, `-${claim.slice(0, 8)}.pdf`);
  await deps.blobs.put(key, pdf, 'application/pdf');
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const r = await deps.db.query(
    `UPDATE tax_document_pdfs SET blob_key = $3, sha256 = $4, byte_size = $5, stored_at = now()
      WHERE document_number = $1 AND claim = $2 AND stored_at IS NULL`,
    [number, claim, key, sha256, pdf.length],
  );
  if (r.rowCount === 1) return { key, size: pdf.length };
  // The claim was withdrawn while rendering (the buyer was anonymised): what was drawn is stale.
  await deps.blobs.delete(key);
  return undefined;
}

async function renderTask(deps: StoreDeps, kind: DocumentKind, number: string): Promise<RenderTask> {
  if (kind === 'invoice') {
    const invoice = await findInvoiceByNumber(deps.db, number);
    if (!invoice) throw new Error(`no invoice ${number}`);
    return { kind, invoice };
  }
  const found = await findCreditNote(deps.db, number);
  if (!found) throw new Error(`no credit note ${number}`);
  return { kind, note: found.note, invoice: found.invoice };
}

/**
 * Account deletion (in its transaction): forgets the stored PDFs of these documents, which name
 * the buyer, and answers their keys for the caller to delete. Renders in flight lose their claim.
 */
export async function forgetStoredDocuments(tx: Queryable, numbers: string[]): Promise<string[]> {
  if (numbers.length === 0) return [];
  const r = await tx.query<{ blob_key: string | null }>(
    'DELETE FROM tax_document_pdfs WHERE document_number = ANY($1::text[]) RETURNING blob_key',
    [numbers],
  );
  return r.rows.flatMap((row) => (row.blob_key ? [row.blob_key] : []));
}
