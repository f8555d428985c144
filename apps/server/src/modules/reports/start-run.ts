import { REPORT_MESSAGES, sectionsFor, type Complexity, type RunKind } from '@assay/shared';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { placeHold } from '../tokens/index.ts';
import { reportJob } from './report-job.ts';

export interface LockedReport {
  id: string;
  user_id: string;
  status: 'processing' | 'completed' | 'failed';
  complexity: Complexity;
  tokens_used: number;
  version: number;
  run_kind: RunKind;
  run_detail: unknown;
}

/**
 * The member's report, its row locked for the caller's transaction: every change of a report's
 * state (a retry, a cancel, an upgrade, the worker's completion) takes this lock first, so of two
 * racing changes one sees the other's result. Another member's report is a 404.
 */
export async function lockReport(tx: Queryable, id: string, userId: string): Promise<LockedReport> {
  if (!isUuid(id)) throw notFound(REPORT_MESSAGES.notFound);
  const r = await tx.query<LockedReport>(
    `SELECT id, user_id, status, complexity, tokens_used, version, run_kind, run_detail
       FROM reports WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [id, userId],
  );
  if (!r.rows[0]) throw notFound(REPORT_MESSAGES.notFound);
  return r.rows[0];
}

export interface RunInput {
  kind: RunKind;
  /** Tokens held for this run (its own hold: decision 220). */
  amount: number;
  /** The hold in the member's words, for the token history ("Upgrade to Advanced"). */
  purpose: string;
  complexity?: Complexity;
  detail?: unknown;
  /** A new plan and new sections (an upgrade); the record and the evidence are kept. */
  replan?: boolean;
  /** Sections written again (a corrected record rewrites all, a section note one). */
  rewrite?: readonly string[] | 'all';
  /** Changes made in the same transaction before the job is queued (a corrected record, say). */
}

/**
 * Starts a paid run on a report the caller has locked (lockReport): its own hold, the report back
 * to processing, its job queued, in the caller's transaction, so the member is charged exactly when
 * the work is queued. Lock order: the report row, then the token account (as a failing report).
 */
export async function startRun(tx: Queryable, queue: Deps['queue'], report: LockedReport, run: RunInput): Promise<void> {
  const holdId = await placeHold(tx, {
    userId: report.user_id,
    amount: run.amount,
    reportId: report.id,
    charge: `${run.kind}:${randomUUID()}`,
    purpose: run.purpose,
  });
  const complexity = run.complexity ?? report.complexity;
  // A failed first run was paid back: the retry's hold is the report's price again. A change to a
  // completed report adds to what it has cost.
  const tokensUsed = report.status === 'failed' && report.version === 0 ? run.amount : report.tokens_used + run.amount;
  await tx.query(
    `UPDATE reports SET status = 'processing', stage = 'queued', hold_id = $2, run_kind = $3, run_detail = $4, error_message = NULL,
            cancelled_at = NULL, attempts = 0, lease_owner = NULL, lease_until = NULL, tokens_used = $5, complexity = $6,
            sections_total = $7, outline = CASE WHEN $8 THEN NULL ELSE outline END, updated_at = now()
      WHERE id = $1`,
    [
      report.id,
      holdId,
      run.kind,
      run.detail === undefined ? null : JSON.stringify(run.detail),
      tokensUsed,
      complexity,
      sectionsFor(complexity).length,
      Boolean(run.replan),
    ],
  );
  if (run.replan || run.rewrite === 'all') {
    await tx.query('DELETE FROM report_sections WHERE report_id = $1', [report.id]);
  } else if (run.rewrite?.length) {
    await tx.query('DELETE FROM report_sections WHERE report_id = $1 AND key = ANY($2::text[])', [report.id, run.rewrite]);
  }
  await queue.enqueue(tx, reportJob, { reportId: report.id });
}
