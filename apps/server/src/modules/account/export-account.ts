import { PRODUCT_NAME } from '@assay/shared';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../lib/errors.ts';
import { readPreferences } from '../notifications/index.ts';
import { listMemberPayments } from '../payments/index.ts';
import { listReportsForExport, pdfFilename } from '../reports/index.ts';
import { exportLedger } from '../tokens/index.ts';
import { findUserById, toUserView } from '../users/index.ts';
import { billingFilesFor } from './billing-seam.ts';

type ExportDeps = Pick<Deps, 'db' | 'blobs' | 'log' | 'config'>;

/** A file to add to the archive once the previous one has been written. */
interface StoredFile {
  name: string;
  open: () => Promise<{ body: Readable } | undefined>;
}

/**
 * The member's data as one zip (docs/decisions/134-export-and-account-deletion.md): profile,
 * purchases, invoices, credit notes, token ledger, reports' details and their PDFs. The records
 * are read first and are small; the stored files (reports, and the invoices and credit notes as
 * stored when issued) are streamed into the archive one at a time, each opened only when the
 * previous one has been written, so a member with hundreds of reports holds one file (or S3
 * download) open, and memory stays flat however large the export. Built by the export job
 * (export-job.ts), which streams it into the blob store (decision 181).
 */
export async function buildArchive(deps: ExportDeps, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  const [preferences, purchases, ledger, reports, taxDocuments] = await Promise.all([
    readPreferences(deps.db, userId),
    listMemberPayments(deps.db, userId),
    exportLedger(deps.db, userId),
    listReportsForExport(deps.db, userId),
    billingFilesFor(deps, userId),
  ]);
  const exportedAt = new Date();

  const files: StoredFile[] = [...taxDocuments];
  const reportDetails = reports.map(({ report, pdfKey }) => {
    const file = pdfKey ? `reports/${reportFileStem(report.created_at, report.title, report.id)}.pdf` : null;
    if (pdfKey && file) files.push({ name: file, open: () => deps.blobs.get(pdfKey) });
    const { pdf_url: _url, progress: _progress, ...details } = report;
    return { ...details, pdf_file: file };
  });

  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  const fail = (err: unknown) => {
    deps.log.error({ err, userId }, 'data export failed while writing stored files');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  // A stored file that fails mid-read: the download ends unfinished (the member sees a failed download).
  zip.on('error', fail);
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  const mtime = exportedAt;
  zip.addBuffer(Buffer.from(readme(exportedAt, files.length)), 'README.txt', { mtime });
  zip.addBuffer(json({ exported_at: exportedAt.toISOString(), user: toUserView(user), notification_preferences: preferences }), 'profile.json', { mtime });
  zip.addBuffer(json(purchases), 'purchases.json', { mtime });
  zip.addBuffer(json(ledger), 'token-ledger.json', { mtime });
  zip.addBuffer(json(reportDetails), 'reports/reports.json', { mtime });
  void addStoredFiles(deps, zip, files).catch(fail);
  return { stream: out, filename: `${PRODUCT_NAME.toLowerCase()}-data-${exportedAt.toISOString().slice(0, 10)}.zip` };
}

/**
 * Adds each stored file after the previous one has been read to its end. A file missing from
 * the store (it should not happen) becomes a short note in its place rather than a broken
 * archive. Stops when the download is abandoned.
 */
async function addStoredFiles(deps: ExportDeps, zip: ZipFile, files: StoredFile[]) {
  let abandoned = false;
  let current: Readable | undefined;
  zip.outputStream.once('close', () => {
    abandoned = true;
    current?.destroy();
  });
  for (const file of files) {
    if (abandoned) return;
    const stored = await file.open();
    if (!stored) {
      deps.log.error({ file: file.name }, 'data export: a stored file is missing');
      zip.addBuffer(Buffer.from(`${file.name} could not be found in storage. Please contact support.\n`), `${file.name}.missing.txt`);
      continue;
    }
    current = stored.body;
    const done = new Promise<void>((resolve, reject) => {
      stored.body.once('end', resolve).once('close', resolve).once('error', reject);
    });
    zip.addReadStream(stored.body, file.name, { compress: false });
    await done;
  }
  zip.end();
}

/** `2026-01-31-Solar-panel-cleaning-robot-1a2b3c4d`: sorted by date, readable, unique by id. */
function reportFileStem(createdAt: string, title: string, id: string) {
  const name = pdfFilename(title).utf8.replace(/\.pdf$/, '').replace(/\s+/g, '-');
  return `${createdAt.slice(0, 10)}-${name}-${id.slice(0, 8)}`;
}

function readme(exportedAt: Date, storedFiles: number) {
  return `Your ${PRODUCT_NAME} data, exported ${exportedAt.toISOString()}

profile.json        your account details and notification choices
purchases.json      every token order you opened: package, tokens, price, tax and total in minor
                    units (cents or paise) of the charged currency, status and payment ids
invoices/           the tax invoice of each paid purchase (PDF), when invoices have been issued
credit-notes/       the credit note of each refunded purchase (PDF), referring to its invoice
token-ledger.json   every token lot (with its expiry) and every entry that moved tokens in or out:
                    credits, report holds, releases, expiries, refunds
reports/reports.json  each report's details: the idea you described, tier, status, dates, tokens
reports/*.pdf       the PDF of each completed report

${storedFiles} stored file(s) are included. Dates are UTC (ISO 8601).
`;
}
