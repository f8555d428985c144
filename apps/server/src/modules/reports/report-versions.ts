import {
  endpointPath,
  REPORT_MESSAGES,
  reportsEndpoints,
  type Complexity,
  type Report,
  type ReportVersion,
  type VERSION_KINDS,
} from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { restoreVersion } from './fail-report.ts';
import { findReport } from './find-report.ts';
import { pdfFilename } from './download-report.ts';
import { toReportView } from './report-view.ts';
import { lockReport } from './start-run.ts';

interface VersionRow {
  n: number;
  kind: (typeof VERSION_KINDS)[number];
  change: string;
  complexity: Complexity;
  title: string;
  tokens: number;
  created_at: Date;
  pdf_key: string;
}

/** Every version of the member's report, newest first. */
export async function listVersions(deps: Pick<Deps, 'db'>, id: string, userId: string): Promise<{ versions: ReportVersion[] }> {
  const report = await findReport(deps.db, id, userId);
  const r = await deps.db.query<VersionRow>(
    'SELECT n, kind, change, complexity, title, tokens, created_at FROM report_versions WHERE report_id = $1 ORDER BY n DESC',
    [report.id],
  );
  return {
    versions: r.rows.map((v) => ({
      n: v.n,
      kind: v.kind,
      change: v.change,
      complexity: v.complexity,
      title: v.title,
      tokens: v.tokens,
      created_at: v.created_at.toISOString(),
      current: v.n === report.version,
      download_url: endpointPath(reportsEndpoints.versionDownload, { id: report.id, n: v.n }),
    })),
  };
}

/** One version's PDF, named after the report and the version. */
export async function openVersionPdf(deps: Pick<Deps, 'db' | 'blobs'>, id: string, n: number, userId: string) {
  const report = await findReport(deps.db, id, userId);
  const v = (await deps.db.query<VersionRow>('SELECT pdf_key FROM report_versions WHERE report_id = $1 AND n = $2', [report.id, n]))
    .rows[0];
  if (!v) throw notFound(REPORT_MESSAGES.versionNotFound);
  const file = await deps.blobs.get(v.pdf_key);
  if (!file) throw notFound(REPORT_MESSAGES.versionNotFound);
  return { ...file, filename: pdfFilename(`${report.title} (version ${n})`) };
}

/**
 * Makes version n current again as a new version (a copy with its own number): versions never
 * change, so the history keeps both what was replaced and the restore. Free.
 */
export async function restoreReportVersion(deps: Pick<Deps, 'db'>, id: string, n: number, userId: string): Promise<Report> {
  await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, id, userId);
    if (report.status === 'processing') throw conflict(REPORT_MESSAGES.stillRunning, 'still_running');
    const exists = await tx.query('SELECT 1 FROM report_versions WHERE report_id = $1 AND n = $2', [id, n]);
    if (!exists.rows.length) throw notFound(REPORT_MESSAGES.versionNotFound);
    if (n === report.version) return; // already current
    const next = report.version + 1;
    await tx.query(
      `INSERT INTO report_versions (report_id, n, kind, change, complexity, title, record, outline, sections, pdf_key, content_preview, tokens)
       SELECT report_id, $3, 'restore', $4, complexity, title, record, outline, sections, pdf_key, content_preview, 0
         FROM report_versions WHERE report_id = $1 AND n = $2`,
      [id, n, next, `Version ${n} restored`],
    );
    await restoreVersion(tx, id, next, { error: null, asVersion: next });
  });
  return toReportView(await findReport(deps.db, id, userId));
}
