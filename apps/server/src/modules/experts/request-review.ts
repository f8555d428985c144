import { EXPERT_MESSAGES, REVIEW_PRICES, REVIEW_TURNAROUND_DAYS, sectionsFor, type ReviewRequestView } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { findReport, lockReport } from '../reports/index.ts';
import { getBalance, placeHold } from '../tokens/index.ts';
import { findRequest, OPEN_STATES, REQUEST_SELECT, toReviewRequestView, type ReviewRequestRow } from './review-request-row.ts';

/** What the member sees before confirming: the price, the balance now and after, the turnaround. */
export async function quoteReview(deps: Pick<Deps, 'db'>, reportId: string, userId: string) {
  const report = await findReport(deps.db, reportId, userId);
  const price = REVIEW_PRICES[report.complexity];
  const balance = (await getBalance(deps.db, userId)).available_tokens;
  return { price, balance, balance_after: balance - price, turnaround_days: REVIEW_TURNAROUND_DAYS };
}

/**
 * A member asks for an expert review of a completed report. In one transaction: the report's row
 * is locked (as every change of a report takes it first, decision 220, so deleting the report
 * waits for this or sees it), one open request per report is checked, and the price is HELD
 * through the ledger's own hold (charge `review:<request id>`), never spent here: delivery captures
 * it, a decline or a cancel releases it. Too few tokens → 403 with the ledger's detail.
 */
export async function requestReview(
  deps: Pick<Deps, 'db'>,
  reportId: string,
  userId: string,
  input: { sections?: string[] | undefined; questions: string },
): Promise<ReviewRequestView> {
  const id = await deps.db.transaction((tx) => openReviewRequest(tx, reportId, userId, input));
  return toReviewRequestView(await findRequest(deps.db, id));
}

/**
 * The request's transaction body: also run by a purchase made for the review, in its capture's
 * transaction (decision 234), which locked the report first. Returns the new request's id.
 */
export async function openReviewRequest(
  tx: Queryable,
  reportId: string,
  userId: string,
  input: { sections?: string[] | undefined; questions: string },
): Promise<string> {
  const report = await lockReport(tx, reportId, userId);
  if (report.status !== 'completed' || report.version < 1) throw conflict(EXPERT_MESSAGES.notCompleted, 'not_completed');
  const chosen = input.sections?.length ? [...new Set(input.sections)] : null;
  if (chosen) {
    const inReport = new Set(sectionsFor(report.complexity).map((s) => s.key as string));
    if (chosen.some((k) => !inReport.has(k))) throw badRequest(EXPERT_MESSAGES.unknownSection, 'unknown_section');
  }
  const open = await tx.query('SELECT 1 FROM review_requests WHERE report_id = $1 AND state = ANY($2)', [report.id, OPEN_STATES]);
  if (open.rows.length) throw conflict(EXPERT_MESSAGES.openRequest, 'review_open');
  const requestId = crypto.randomUUID();
  const price = REVIEW_PRICES[report.complexity];
  const title = (await tx.query<{ title: string }>('SELECT title FROM reports WHERE id = $1', [report.id])).rows[0]!.title;
  const holdId = await placeHold(tx, {
    userId,
    amount: price,
    reportId: report.id,
    charge: `review:${requestId}`,
    purpose: `Expert review — report “${title.slice(0, 200)}”`,
  });
  await tx.query(
    `INSERT INTO review_requests (id, report_id, user_id, sections, questions, price, hold_id, due_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8))`,
    [requestId, report.id, userId, chosen, input.questions, price, holdId, REVIEW_TURNAROUND_DAYS],
  );
  return requestId;
}

/** The member's own requests, newest first (with the delivered reviews). */
export async function listMemberRequests(
  deps: Pick<Deps, 'db'>,
  userId: string,
  reportId?: string,
): Promise<{ requests: ReviewRequestView[] }> {
  const r = await deps.db.query<ReviewRequestRow>(
    `${REQUEST_SELECT} WHERE q.user_id = $1 AND ($2::text IS NULL OR q.report_id::text = $2) ORDER BY q.created_at DESC, q.id LIMIT 200`,
    [userId, reportId ?? null],
  );
  return { requests: r.rows.map(toReviewRequestView) };
}
