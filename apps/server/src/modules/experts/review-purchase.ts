import { EXPERT_MESSAGES, formatTokens, REVIEW_PRICES, sectionsFor, TIER_LABELS, type Complexity } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit } from '../operators/index.ts';
import { findReport } from '../reports/index.ts';
import { getBalance } from '../tokens/index.ts';
import { openReviewRequest } from './request-review.ts';
import { OPEN_STATES } from './review-request-row.ts';

/**
 * A token purchase made for an expert review the member's balance was short of (decision 234).
 * The request the member confirmed travels with the order (`review_purchases`) and is opened when
 * the payment is captured, in the capture's transaction: the capture happens once (the payments
 * module locks the payment row and credits a paid row never again), so the request is opened at
 * most once, and `review_purchases.request_id` is unique besides. If it cannot be opened then (the
 * report went, another request got there first, the balance was spent meanwhile) the tokens are
 * simply credited and the refusal recorded; the invoice then names only the tokens.
 */

export interface ReviewPurchaseInput {
  report_id: string;
  sections?: string[] | undefined;
  questions: string;
}

export const REVIEW_PURCHASE_MESSAGES = {
  packageTooSmall: (missing: number) => `This package does not cover the review: choose one with at least ${formatTokens(missing)} tokens`,
  notNeeded: 'Your balance already covers this review: request it without buying tokens',
} as const;

/**
 * Before the member pays: the report is theirs (404 otherwise) and reviewable, the sections are its
 * own, no request is open, the balance is short of the price (else there is nothing to buy) and the
 * package covers what is missing. The capture checks all of it again, under the locks.
 */
export async function checkReviewPurchase(
  db: Queryable,
  userId: string,
  review: ReviewPurchaseInput,
  packageTokens: number,
): Promise<void> {
  const report = await findReport(db, review.report_id, userId);
  if (report.status !== 'completed' || report.version < 1) throw conflict(EXPERT_MESSAGES.notCompleted, 'not_completed');
  if (review.sections?.length) {
    const inReport = new Set(sectionsFor(report.complexity).map((s) => s.key as string));
    if (review.sections.some((k) => !inReport.has(k))) throw badRequest(EXPERT_MESSAGES.unknownSection, 'unknown_section');
  }
  const open = await db.query('SELECT 1 FROM review_requests WHERE report_id = $1 AND state = ANY($2)', [report.id, OPEN_STATES]);
  if (open.rows.length) throw conflict(EXPERT_MESSAGES.openRequest, 'review_open');
  const missing = REVIEW_PRICES[report.complexity] - (await getBalance(db, userId)).available_tokens;
  if (missing <= 0) throw conflict(REVIEW_PURCHASE_MESSAGES.notNeeded, 'balance_covers_review');
  if (packageTokens < missing) throw conflict(REVIEW_PURCHASE_MESSAGES.packageTooSmall(missing), 'package_too_small');
}

/** Records the review an order is for, with the order (the caller's statement or transaction). */
export async function recordReviewPurchase(q: Queryable, paymentId: string, userId: string, review: ReviewPurchaseInput): Promise<void> {
  const sections = review.sections?.length ? [...new Set(review.sections)] : null;
  await q.query('INSERT INTO review_purchases (payment_id, user_id, report_id, sections, questions) VALUES ($1, $2, $3, $4, $5)', [
    paymentId,
    userId,
    review.report_id,
    sections,
    review.questions,
  ]);
}

export interface PendingReviewPurchase {
  paymentId: string;
  userId: string;
  reportId: string;
  sections: string[] | null;
  questions: string;
}

/**
 * At the capture, before the tokens are credited: the purchase's review not yet settled, with its
 * report's row locked now — the order every change of a report takes (report, then the member's
 * token account; decision 220), which crediting and holding keep. Undefined for a plain purchase.
 */
export async function pendingReviewPurchase(
  tx: Queryable,
  paymentId: string,
  userId: string | null,
): Promise<PendingReviewPurchase | undefined> {
  if (!userId) return undefined;
  const r = (
    await tx.query<{ report_id: string; sections: string[] | null; questions: string }>(
      'SELECT report_id, sections, questions FROM review_purchases WHERE payment_id = $1 AND user_id = $2 AND settled_at IS NULL FOR UPDATE',
      [paymentId, userId],
    )
  ).rows[0];
  if (!r) return undefined;
  if (isUuid(r.report_id)) await tx.query('SELECT id FROM reports WHERE id = $1 AND user_id = $2 FOR UPDATE', [r.report_id, userId]);
  return { paymentId, userId, reportId: r.report_id, sections: r.sections, questions: r.questions };
}

/** The review's own line on the purchase's invoice: how many of the purchase's tokens it took, and what it is. */
export interface ReviewInvoiceLine {
  tokens: number;
  description: string;
}

/**
 * After the tokens are credited (`lotId`, the purchase's lot): opens the request as the member
 * would (openReviewRequest: the same checks and the ledger's hold), inside a savepoint so that a
 * refusal rolls back only the request, never the capture. Answers the invoice's review line: the
 * tokens of this purchase the hold took (the hold spends lots expiring first, so these are what the
 * balance lacked), none when it took none or the request was refused.
 */
export async function settleReviewPurchase(tx: Queryable, p: PendingReviewPurchase, lotId: string): Promise<ReviewInvoiceLine | undefined> {
  let requestId: string;
  await tx.query('SAVEPOINT review_purchase');
  try {
    requestId = await openReviewRequest(tx, p.reportId, p.userId, { sections: p.sections ?? undefined, questions: p.questions });
    await tx.query('RELEASE SAVEPOINT review_purchase');
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await tx.query('ROLLBACK TO SAVEPOINT review_purchase');
    await tx.query('UPDATE review_purchases SET refusal = $2, settled_at = now() WHERE payment_id = $1', [
      p.paymentId,
      err.detail.slice(0, 500),
    ]);
    return undefined;
  }
  await tx.query('UPDATE review_purchases SET request_id = $2, settled_at = now() WHERE payment_id = $1', [p.paymentId, requestId]);
  await audit(tx, null, 'review.requested', `review:${requestId}`, { report_id: p.reportId, payment_id: p.paymentId, via: 'purchase' });
  const taken = (
    await tx.query<{ tokens: number; price: number; complexity: Complexity }>(
      `SELECT coalesce((SELECT -sum(e.amount) FROM token_ledger e WHERE e.hold_id = q.hold_id AND e.lot_id = $2 AND e.kind = 'hold'), 0)::int AS tokens,
            q.price, r.complexity
       FROM review_requests q JOIN reports r ON r.id = q.report_id WHERE q.id = $1`,
      [requestId, lotId],
    )
  ).rows[0]!;
  if (taken.tokens <= 0) return undefined;
  return {
    tokens: taken.tokens,
    description:
      `Expert review of a Technology Assessment Report (${TIER_LABELS[taken.complexity]} report, review ${requestId.slice(0, 8).toUpperCase()}): ` +
      `${formatTokens(taken.tokens)} of this purchase’s tokens towards its ${formatTokens(taken.price)}-token price`,
  };
}

/** What a purchase for a review came to, for the member's verify call: the request, or why not. */
export async function reviewPurchaseOutcome(
  q: Queryable,
  paymentId: string,
): Promise<{ id: string | null; refusal: string | null } | null> {
  const r = (
    await q.query<{ request_id: string | null; refusal: string | null }>(
      'SELECT request_id, refusal FROM review_purchases WHERE payment_id = $1',
      [paymentId],
    )
  ).rows[0];
  return r ? { id: r.request_id, refusal: r.refusal } : null;
}
