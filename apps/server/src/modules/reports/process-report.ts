import {
  generateReport,
  parseEvidenceRecord,
  parseStoredSection,
  type ReportOutline,
  type ReportStage,
  type SectionContent,
} from '@assay/report-engine';
import { isSectionKey, REPORT_MESSAGES, TIER_LABELS, type Complexity, type RunKind, type SectionKey } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { QueuedJob } from '../../jobs/job-queue.ts';
import { notifyReportReady } from '../notifications/index.ts';
import { captureHold } from '../tokens/index.ts';
import { failReport } from './fail-report.ts';
import { LeaseLostError, type ReportLease, type ReportLeases } from './report-lease.ts';
import { storedRecord } from './report-view.ts';

export type WorkerDeps = Pick<Deps, 'db' | 'blobs' | 'reportPorts' | 'log' | 'config' | 'queue'>;

interface JobReport {
  id: string;
  user_id: string;
  title: string;
  idea: string;
  complexity: 'basic' | 'advanced' | 'comprehensive';
  status: string;
  hold_id: string;
  outline: ReportOutline | null;
  evidence: unknown;
  record: unknown;
  created_at: Date;
  version: number;
  run_kind: RunKind;
  run_detail: unknown;
}

export interface ReportWorkOptions {
  sectionConcurrency: number;
  /** This worker process's leases (one heartbeat for all its reports). */
  leases: ReportLeases;
}

/**
 * The report job: the report engine (plan and evidence, then every section of the tier, each
 * saved the moment it is written so a resumed attempt neither pays the model nor searches twice;
 * the executive summary; the PDF) → stored → completed, and the hold captured. It runs only under the report's lease, and every write
 * checks the lease: two workers never write one report at once. The report gets
 * `retryLimit + 1` attempts, crashed ones included; after the last it fails and the hold is released.
 */
export async function processReport(deps: WorkerDeps, job: QueuedJob<{ reportId: string }>, o: ReportWorkOptions) {
  const { log } = deps;
  const lease = await o.leases.take(job.data.reportId);
  if (!lease) return; // finished, or a live worker has it
  try {
    if (lease.attempt > job.retryLimit + 1) {
      // Every attempt so far ended with its worker gone (a report that crashes workers, say).
      log.warn({ reportId: lease.reportId, attempts: lease.attempt - 1 }, 'report failed: its workers kept stopping');
      await failReport(deps, lease.reportId, REPORT_MESSAGES.failedDefault, lease.owner);
      return;
    }
    await runAttempt(deps, lease, o.sectionConcurrency);
  } catch (err) {
    if (err instanceof LeaseLostError || lease.signal.aborted) {
      log.info({ reportId: lease.reportId }, 'report attempt stopped: another worker resumed the report');
      return;
    }
    const last = lease.attempt > job.retryLimit;
    log.warn({ reportId: lease.reportId, attempt: lease.attempt, last, err: errorSummary(err) }, 'report attempt failed');
    if (!last) {
      await lease.release();
      throw err;
    }
    await failReport(deps, lease.reportId, REPORT_MESSAGES.failedDefault, lease.owner);
  } finally {
    lease.end();
  }
}

/** The engine's stages, in the report's progress terms. */
const STAGE: Record<ReportStage, 'outline' | 'sections' | 'pdf'> = { plan: 'outline', sections: 'sections', render: 'pdf' };

async function runAttempt(deps: WorkerDeps, lease: ReportLease, sectionConcurrency: number) {
  const { db, log } = deps;
  const report = (
    await db.query<JobReport>(
      `SELECT id, user_id, title, idea, complexity, status, hold_id, outline, evidence, record, created_at, version, run_kind, run_detail
       FROM reports WHERE id = $1`,
      [lease.reportId],
    )
  ).rows[0]!;
  const done = await loadSections(deps, report.id);
  const result = await generateReport({
    reportId: report.id,
    idea: report.idea,
    // The confirmed record, or the one an earlier attempt read: the engine reads the idea only once.
    // (A stored record that no longer fits the contract is read again from the idea, not trusted.)
    record: storedRecord(report.record),
    tier: report.complexity,
    createdAt: report.created_at,
    version: report.version + 1,
    // A section rewritten from the member's note is written with it (issue 27).
    ...sectionNote(report),
    ports: {
      ...deps.reportPorts,
      progress: {
        stage: (stage) => lease.write((tx) => setStage(tx, report.id, STAGE[stage])),
        record: (record, usage) =>
          lease.write(async (tx) => {
            await tx.query(
              `UPDATE reports SET record = $2, llm_input_tokens = llm_input_tokens + $3, llm_output_tokens = llm_output_tokens + $4,
                      updated_at = now()
                WHERE id = $1`,
              [report.id, JSON.stringify(record), usage.inputTokens, usage.outputTokens],
            );
          }),
        plan: ({ title, outline, usage, writer }) =>
          lease.write(async (tx) => {
            await tx.query(
              // A title the member gave (a rename while the report is written) is kept.
              `UPDATE reports SET title = CASE WHEN title_renamed_at IS NULL THEN $2 ELSE title END, outline = $3, provider = $4, model = $5,
                      llm_input_tokens = llm_input_tokens + $6, llm_output_tokens = llm_output_tokens + $7, updated_at = now()
                WHERE id = $1`,
              [
                report.id,
                title.slice(0, 300),
                JSON.stringify(outline),
                writer.provider,
                writer.model,
                usage.inputTokens,
                usage.outputTokens,
              ],
            );
          }),
        evidence: (evidence) =>
          lease.write(async (tx) => {
            await tx.query('UPDATE reports SET evidence = $2, updated_at = now() WHERE id = $1', [report.id, JSON.stringify(evidence)]);
          }),
        review: (findings) =>
          lease.write(async (tx) => {
            // Per section, as it is written: a section's findings replace any earlier ones for it; the others stay.
            const sections = [...new Set(findings.map((f) => f.section))];
            await tx.query(
              `UPDATE reports SET review_findings = COALESCE(
                        (SELECT jsonb_agg(f) FROM jsonb_array_elements(reports.review_findings) f WHERE NOT (f->>'section' = ANY($3::text[]))),
                        '[]'::jsonb) || $2::jsonb,
                      updated_at = now()
                WHERE id = $1`,
              [report.id, JSON.stringify(findings), sections],
            );
          }),
        section: (key, section, usage) =>
          lease.write(async (tx) => {
            const r = await tx.query(
              `INSERT INTO report_sections (report_id, key, content, input_tokens, output_tokens)
               VALUES ($1, $2, $3, $4, $5) ON CONFLICT (report_id, key) DO NOTHING RETURNING key`,
              [report.id, key, JSON.stringify(section), usage.inputTokens, usage.outputTokens],
            );
            if (r.rows.length) {
              await tx.query(
                `UPDATE reports SET llm_input_tokens = llm_input_tokens + $2, llm_output_tokens = llm_output_tokens + $3,
                        updated_at = now() WHERE id = $1`,
                [report.id, usage.inputTokens, usage.outputTokens],
              );
            }
          }),
      },
    },
    resume: {
      plan: report.outline ? { title: report.title, outline: report.outline } : null,
      evidence: parseEvidenceRecord(report.evidence),
      sections: done,
    },
    sectionConcurrency,
    signal: lease.signal,
  });

  // Each version has its own file: the earlier ones stay downloadable (issue 27).
  const version = report.version + 1;
  const key = `reports/${report.id}/v${version}.pdf`;
  await deps.blobs.put(key, result.pdf, 'application/pdf');

  await lease.write(async (tx) => {
    const done = await tx.query<{ title: string }>(
      `UPDATE reports SET status = 'completed', stage = 'done', title = CASE WHEN title_renamed_at IS NULL THEN $2 ELSE title END,
              pdf_key = $3, content_preview = $4, completed_at = now(), updated_at = now(), lease_owner = NULL, lease_until = NULL,
              version = $5, error_message = NULL
        WHERE id = $1
        RETURNING title`,
      [report.id, result.title.slice(0, 300), key, result.preview, version],
    );
    await saveVersion(tx, report.id, version, versionChange(report));
    await captureHold(tx, report.hold_id);
    // Counted once per report, on its first version; later versions are changes to it.
    if (version === 1) await tx.query('UPDATE users SET reports_generated = reports_generated + 1 WHERE id = $1', [report.user_id]);
    // The title the report has now (the member's, if they renamed it) is the one the notice names.
    await notifyReportReady(deps, tx, { id: report.id, userId: report.user_id, title: done.rows[0]?.title ?? result.title });
  });
  log.info({ reportId: report.id, usage: result.usage }, 'report completed');
}

function sectionNote(report: JobReport): { notes?: Partial<Record<SectionKey, string>> } {
  const d = (report.run_detail ?? {}) as { section?: string; note?: string };
  return report.run_kind === 'section' && d.section && d.note && isSectionKey(d.section) ? { notes: { [d.section]: d.note } } : {};
}

/** What a completed run changed, as the version list says it. */
function versionChange(report: JobReport): string {
  const detail = (report.run_detail ?? {}) as { to?: Complexity; change?: string };
  switch (report.run_kind) {
    case 'upgrade':
      return `Upgraded to ${TIER_LABELS[detail.to ?? report.complexity]}`;
    case 'correct':
      return detail.change ?? 'Invention record corrected; whole report rewritten';
    case 'section':
      return detail.change ?? 'A section rewritten';
    default:
      return 'First version';
  }
}

/** The report as it now stands, as an immutable version: tier, title, record, plan, sections, PDF, what it cost. */
async function saveVersion(tx: Queryable, reportId: string, n: number, change: string) {
  await tx.query(
    `INSERT INTO report_versions (report_id, n, kind, change, complexity, title, record, outline, sections, pdf_key, content_preview, tokens)
     SELECT r.id, $2, r.run_kind, $3, r.complexity, r.title, r.record, r.outline,
            COALESCE((SELECT jsonb_object_agg(s.key, s.content) FROM report_sections s WHERE s.report_id = r.id), '{}'::jsonb),
            r.pdf_key, r.content_preview, COALESCE((SELECT h.amount FROM token_holds h WHERE h.id = r.hold_id), 0)
       FROM reports r WHERE r.id = $1`,
    [reportId, n, change],
  );
}

async function loadSections(deps: WorkerDeps, reportId: string) {
  const r = await deps.db.query<{ key: string; content: SectionContent }>('SELECT key, content FROM report_sections WHERE report_id = $1', [
    reportId,
  ]);
  const done = new Map<SectionKey, SectionContent>();
  for (const row of r.rows) {
    // A saved section that no longer fits the content model is written again, not trusted.
    const parsed = parseStoredSection(row.content);
    if (isSectionKey(row.key) && parsed) done.set(row.key, parsed);
    else await deps.db.query('DELETE FROM report_sections WHERE report_id = $1 AND key = $2', [reportId, row.key]);
  }
  return done;
}

async function setStage(tx: Queryable, reportId: string, stage: 'outline' | 'sections' | 'pdf') {
  await tx.query('UPDATE reports SET stage = $2, updated_at = now() WHERE id = $1', [reportId, stage]);
}

/** Logs say what failed without dumping provider payloads or keys. */
function errorSummary(err: unknown) {
  return err instanceof Error ? { name: err.name, message: err.message.slice(0, 300) } : String(err).slice(0, 300);
}
