import { REPORT_MESSAGES, sectionsFor, type Complexity } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { notifyReportFailed } from '../notifications/index.ts';
import { releaseHold } from '../tokens/index.ts';

type EndDeps = Pick<Deps, 'db' | 'queue' | 'config' | 'log'>;

/**
 * Marks a report failed with a message safe to show the member and gives the held tokens
 * back — in one transaction, exactly once, however many times it is called — and tells the
 * member (the mail is queued in that transaction and never fails it). A change to a completed
 * report (an upgrade, a correction, a rewritten section) that fails leaves the report as it was:
 * its current version comes back, and only the change's tokens are returned.
 */
export async function failReport(deps: EndDeps, reportId: string, message: string, leaseOwner?: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const ended = await endRun(tx, reportId, { message, leaseOwner });
    if (ended) await notifyReportFailed(deps, tx, { userId: ended.user_id, title: ended.title, tokens: ended.amount });
    return Boolean(ended);
  });
}

/**
 * Ends a report's run that did not complete (failed, or cancelled by its member): releases the
 * run's hold and either fails the report (no version yet) or restores its current version.
 * Locks the report row first, then (releasing) the token account: the order every report change
 * takes, so a cancel racing the worker's completion or failure waits for it, and one wins.
 * Returns undefined when the report was not running (or, with leaseOwner, not this worker's).
 */
export async function endRun(
  tx: Queryable,
  reportId: string,
  o: { message: string; leaseOwner?: string | undefined; cancelled?: boolean; userId?: string },
): Promise<{ user_id: string; title: string; amount: number } | undefined> {
  const r = await tx.query<{ user_id: string; title: string; hold_id: string; version: number; tokens_used: number }>(
    `SELECT user_id, title, hold_id, version, tokens_used FROM reports
      WHERE id = $1 AND status = 'processing' AND ($2::uuid IS NULL OR lease_owner = $2) AND ($3::uuid IS NULL OR user_id = $3)
      FOR UPDATE`,
    [reportId, o.leaseOwner ?? null, o.userId ?? null],
  );
  const run = r.rows[0];
  if (!run) return undefined;
  const hold = await tx.query<{ amount: number }>('SELECT amount FROM token_holds WHERE id = $1', [run.hold_id]);
  const amount = hold.rows[0]?.amount ?? 0;
  await releaseHold(tx, run.hold_id);
  if (run.version === 0) {
    await tx.query(
      `UPDATE reports SET status = 'failed', stage = 'failed', error_message = $2, cancelled_at = CASE WHEN $3 THEN now() END,
              lease_owner = NULL, lease_until = NULL, updated_at = now()
        WHERE id = $1`,
      [reportId, o.cancelled ? REPORT_MESSAGES.cancelled : o.message, Boolean(o.cancelled)],
    );
  } else {
    await restoreVersion(tx, reportId, run.version, {
      error: o.cancelled ? REPORT_MESSAGES.runCancelledKept : REPORT_MESSAGES.runFailedKept,
      tokensUsed: run.tokens_used - amount,
      cancelled: Boolean(o.cancelled),
    });
  }
  return { user_id: run.user_id, title: run.title, amount };
}

/**
 * Puts a version's state back on the report row (tier, plan, sections, PDF), completed. The
 * member's own title is kept: a rename is not undone by a failed change.
 */
export async function restoreVersion(
  tx: Queryable,
  reportId: string,
  n: number,
  o: { error: string | null; tokensUsed?: number; cancelled?: boolean; asVersion?: number },
): Promise<void> {
  const v = (
    await tx.query<{
      complexity: Complexity;
      outline: unknown;
      sections: Record<string, unknown>;
      pdf_key: string;
      content_preview: string | null;
      record: unknown;
    }>('SELECT complexity, outline, sections, pdf_key, content_preview, record FROM report_versions WHERE report_id = $1 AND n = $2', [
      reportId,
      n,
    ])
  ).rows[0];
  if (!v) throw new Error(`report ${reportId} has no version ${n}`);
  await tx.query(
    `UPDATE reports SET status = 'completed', stage = 'done', complexity = $2, outline = $3, pdf_key = $4, content_preview = $5,
            record = $6, sections_total = $7, error_message = $8, tokens_used = COALESCE($9, tokens_used),
            cancelled_at = CASE WHEN $10 THEN now() END, version = COALESCE($11, version), lease_owner = NULL, lease_until = NULL,
            completed_at = COALESCE(completed_at, now()), updated_at = now()
      WHERE id = $1`,
    [
      reportId,
      v.complexity,
      v.outline === null ? null : JSON.stringify(v.outline),
      v.pdf_key,
      v.content_preview,
      v.record === null ? null : JSON.stringify(v.record),
      sectionsFor(v.complexity).length,
      o.error,
      o.tokensUsed ?? null,
      Boolean(o.cancelled),
      o.asVersion ?? null,
    ],
  );
  await tx.query('DELETE FROM report_sections WHERE report_id = $1', [reportId]);
  await tx.query(`INSERT INTO report_sections (report_id, key, content) SELECT $1, s.key, s.value FROM jsonb_each($2::jsonb) s`, [
    reportId,
    JSON.stringify(v.sections),
  ]);
}
