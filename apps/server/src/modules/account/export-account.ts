import { PRODUCT_NAME } from '@assay/shared';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../lib/errors.ts';
import { readPreferences } from '../notifications/index.ts';
import { memberPaymentPages } from '../purchase/index.ts';
import { pdfFilename, reportPagesForExport } from '../reports/index.ts';
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
 * purchases, invoices, credit notes, token ledger, reports' details and their PDFs. Nothing is
 * held whole: the records are written as JSON arrays a keyset page at a time as the zip takes
 * them (decision 185), and the stored files (reports, and the invoices and credit notes as stored
 * when issued) are streamed in one at a time, each opened only when the previous one has been
 * written, so a member with thousands of reports holds one page of rows and one file (or S3
 * download) open, and memory stays flat however large the export. Built by the export job
 * (export-job.ts), which streams it into the blob store (decision 181).
 */
export async function buildArchive(deps: ExportDeps, userId: string, pageSize?: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  const [preferences, taxDocuments] = await Promise.all([readPreferences(deps.db, userId), billingFilesFor(deps, userId)]);
  const exportedAt = new Date();

  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  const fail = (err: unknown) => {
    deps.log.error({ err, userId }, 'data export failed while writing its files');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  // A stored file or a page of records that fails mid-read: the archive ends unfinished (the job retries).
  zip.on('error', fail);
  const mtime = exportedAt;
  const records = (name: string, parts: AsyncIterable<string>) => {
    const stream = Readable.from(parts);
    stream.once('error', fail);
    zip.addReadStream(stream, name, { mtime });
  };
  zip.addBuffer(Buffer.from(readme(exportedAt)), 'README.txt', { mtime });
  zip.addBuffer(
    Buffer.from(
      `${JSON.stringify({ exported_at: exportedAt.toISOString(), user: toUserView(user), notification_preferences: preferences }, null, 2)}\n`,
    ),
    'profile.json',
    { mtime },
  );
  records('purchases.json', jsonFile(jsonArray(memberPaymentPages(deps.db, userId, pageSize), 0)));
  const ledger = exportLedger(deps.db, userId, pageSize);
  records(
    'token-ledger.json',
    jsonFile(
      (async function* () {
        yield '{\n  "lots": ';
        yield* jsonArray(ledger.lots, 1);
        yield ',\n  "entries": ';
        yield* jsonArray(ledger.entries, 1);
        yield '\n}';
      })(),
    ),
  );
  records(
    'reports/reports.json',
    jsonFile(
      jsonArray(
        mapPages(reportPagesForExport(deps.db, userId, pageSize), ({ report, pdfKey }) => {
          const { pdf_url: _url, progress: _progress, ...details } = report;
          return { ...details, pdf_file: pdfKey ? reportFileName(report) : null };
        }),
        0,
      ),
    ),
  );

  // The report PDFs are read by a second walk of the reports, after their details were written.
  async function* storedFiles(): AsyncGenerator<StoredFile> {
    yield* taxDocuments;
    for await (const page of reportPagesForExport(deps.db, userId, pageSize)) {
      for (const { report, pdfKey } of page) {
        if (pdfKey) yield { name: reportFileName(report), open: () => deps.blobs.get(pdfKey) };
      }
    }
  }
  void addStoredFiles(deps, zip, storedFiles()).catch(fail);
  return { stream: out, filename: `${PRODUCT_NAME.toLowerCase()}-data-${exportedAt.toISOString().slice(0, 10)}.zip` };
}

/** A report's PDF in the archive: `reports/<date>-<title>-<id>.pdf`. */
const reportFileName = (r: { created_at: string; title: string; id: string }) =>
  `reports/${reportFileStem(r.created_at, r.title, r.id)}.pdf`;

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, f: (item: T) => U): AsyncGenerator<U[]> {
  for await (const page of pages) yield page.map(f);
}

/**
 * A JSON array written a page at a time, laid out as JSON.stringify(array, null, 2) would lay it
 * out at `depth` levels in: the same file as before, without the whole array in memory.
 */
async function* jsonArray(pages: AsyncIterable<unknown[]>, depth: number): AsyncGenerator<string> {
  const pad = '  '.repeat(depth + 1);
  let first = true;
  for await (const page of pages) {
    if (!page.length) continue;
    const items = page.map((item) => pad + JSON.stringify(item, null, 2).replaceAll('\n', `\n${pad}`));
    yield `${first ? '[\n' : ',\n'}${items.join(',\n')}`;
    first = false;
  }
  yield first ? '[]' : `\n${'  '.repeat(depth)}]`;
}

/** A whole JSON file: its parts, then the closing newline. */
async function* jsonFile(parts: AsyncIterable<string>): AsyncGenerator<string> {
  yield* parts;
  yield '\n';
}

/**
 * Adds each stored file after the previous one has been read to its end. A file missing from
 * the store (it should not happen) becomes a short note in its place rather than a broken
 * archive. Stops when the download is abandoned.
 */
async function addStoredFiles(deps: ExportDeps, zip: ZipFile, files: AsyncIterable<StoredFile> | Iterable<StoredFile>) {
  let abandoned = false;
  let current: Readable | undefined;
  zip.outputStream.once('close', () => {
    abandoned = true;
    current?.destroy();
  });
  for await (const file of files) {
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
  const name = pdfFilename(title)
    .utf8.replace(/\.pdf$/, '')
    .replace(/\s+/g, '-');
  return `${createdAt.slice(0, 10)}-${name}-${id.slice(0, 8)}`;
}

function readme(exportedAt: Date) {
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

Dates are UTC (ISO 8601).
`;
}
