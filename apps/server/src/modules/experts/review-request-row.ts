import type {
  Complexity,
  ExpertReviewView,
  FollowUpView,
  ReviewEndReason,
  ReviewRatingView,
  ReviewNeedsExpertReason,
  ReviewRequestView,
  ReviewState,
} from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { EXPERT_MESSAGES, REVIEW_FOLLOW_UP_DAYS } from '@assay/shared';

/** A review request as read for any of its three audiences (member, operator, expert). */
export interface ReviewRequestRow {
  id: string;
  report_id: string;
  user_id: string;
  report_title: string;
  complexity: Complexity;
  sections: string[] | null;
  questions: string;
  price: number;
  hold_id: string;
  state: ReviewState;
  expert_id: string | null;
  expert_name: string | null;
  expert_rttp_number: string | null;
  expert_rate: number | null;
  member_email: string | null;
  due_at: Date;
  created_at: Date;
  assigned_at: Date | null;
  offer_expires_at: Date | null;
  needs_expert_reason: ReviewNeedsExpertReason | null;
  end_reason: ReviewEndReason | null;
  escalated_at: Date | null;
  offers: number;
  review: (Omit<ExpertReviewView, 'delivered_at'> & { delivered_at: string }) | null;
  rating: ReviewRatingView | null;
  resolved_at: Date | null;
  /** The one round of follow-up questions and answers (decision 234). */
  follow_up: FollowUpView | null;
}

/** The states in which a request still holds its tokens. */
export const OPEN_STATES: readonly ReviewState[] = ['requested', 'assigned', 'accepted'];

export const REQUEST_SELECT = `
  SELECT q.id, q.report_id, q.user_id, r.title AS report_title, r.complexity, q.sections, q.questions, q.price, q.hold_id,
         q.state, q.expert_id, e.name AS expert_name, e.rttp_number AS expert_rttp_number, q.expert_rate, u.email AS member_email,
         q.due_at, q.created_at, q.assigned_at, q.offer_expires_at, q.needs_expert_reason, q.end_reason, q.escalated_at,
         (SELECT count(*)::int FROM review_offers o WHERE o.request_id = q.id) AS offers,
         q.resolved_at, CASE WHEN fu.request_id IS NULL THEN NULL ELSE jsonb_build_object(
           'questions', to_jsonb(fu.questions), 'answers', to_jsonb(fu.answers),
           'asked_at', to_char(fu.asked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'answered_at', to_char(fu.answered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS follow_up,
         CASE WHEN v.request_id IS NULL THEN NULL ELSE jsonb_build_object(
           'expert_name', ve.name, 'expert_rttp_number', ve.rttp_number, 'verdicts', v.verdicts,
           'recommendation', v.recommendation, 'reasons', v.reasons, 'answers', v.answers,
           'delivered_at', to_char(v.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'comments', (SELECT coalesce(jsonb_agg(jsonb_build_object('section', c.section, 'text', c.body) ORDER BY c.n), '[]'::jsonb)
                          FROM expert_review_comments c WHERE c.request_id = q.id)) END AS review,
         CASE WHEN rr.request_id IS NULL THEN NULL ELSE jsonb_build_object(
           'stars', rr.stars, 'comment', rr.comment,
           'rated_at', to_char(rr.rated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS rating
    FROM review_requests q
    JOIN reports r ON r.id = q.report_id
    LEFT JOIN users u ON u.id = q.user_id
    LEFT JOIN experts e ON e.id = q.expert_id
    LEFT JOIN expert_reviews v ON v.request_id = q.id
    LEFT JOIN experts ve ON ve.id = v.expert_id
    LEFT JOIN review_ratings rr ON rr.request_id = q.id
    LEFT JOIN review_follow_ups fu ON fu.request_id = q.id`;

/** One request by id, narrowed by `where` (an owner, an expert); anything else is a 404. */
export async function findRequest(db: Queryable, id: string, where = 'true', params: unknown[] = []): Promise<ReviewRequestRow> {
  if (!isUuid(id)) throw notFound(EXPERT_MESSAGES.notFound);
  const r = await db.query<ReviewRequestRow>(`${REQUEST_SELECT} WHERE q.id = $1 AND (${where})`, [id, ...params]);
  if (!r.rows[0]) throw notFound(EXPERT_MESSAGES.notFound);
  return r.rows[0];
}

/**
 * Locks a request's row for the caller's transaction: every transition (assign, accept, decline,
 * cancel, deliver) takes it first, so racing transitions take turns and each sees the other's
 * result. Lock order: this row, then the member's token account (inside releaseHold).
 */
export interface LockedRequest {
  id: string;
  state: ReviewState;
  expert_id: string | null;
  hold_id: string;
  user_id: string;
  report_id: string;
  due_at: Date;
  offer_expires_at: Date | null;
  needs_expert_reason: ReviewNeedsExpertReason | null;
  returned_at: Date | null;
}

export async function lockRequest(tx: Queryable, id: string): Promise<LockedRequest> {
  if (!isUuid(id)) throw notFound(EXPERT_MESSAGES.notFound);
  const r = await tx.query<LockedRequest>(
    `SELECT id, state, expert_id, hold_id, user_id, report_id, due_at, offer_expires_at, needs_expert_reason, returned_at
       FROM review_requests WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!r.rows[0]) throw notFound(EXPERT_MESSAGES.notFound);
  return r.rows[0];
}

export function toReviewRequestView(row: ReviewRequestRow): ReviewRequestView {
  return {
    id: row.id,
    report_id: row.report_id,
    report_title: row.report_title,
    complexity: row.complexity,
    sections: row.sections,
    questions: row.questions,
    price: row.price,
    state: row.state,
    expert:
      row.expert_name && row.expert_rttp_number && row.state !== 'declined'
        ? { name: row.expert_name, rttp_number: row.expert_rttp_number }
        : null,
    due_at: row.due_at.toISOString(),
    created_at: row.created_at.toISOString(),
    // The reason is kept as history; it says something only while the request waits again.
    needs_expert_reason: row.state === 'requested' ? row.needs_expert_reason : null,
    end_reason: row.end_reason,
    review: row.review,
    rating: row.rating,
    follow_up: row.follow_up,
    follow_up_until: followUpUntil(row),
  };
}

/**
 * Until when the member may ask the follow-up round (decision 234): delivered, not asked yet, and
 * within REVIEW_FOLLOW_UP_DAYS of delivery; null otherwise.
 */
export function followUpUntil(row: Pick<ReviewRequestRow, 'state' | 'resolved_at' | 'follow_up'>, now = Date.now()): string | null {
  if (row.state !== 'delivered' || row.follow_up || !row.resolved_at) return null;
  const until = row.resolved_at.getTime() + REVIEW_FOLLOW_UP_DAYS * 86_400_000;
  return until > now ? new Date(until).toISOString() : null;
}

export const toAdminReviewRequestView = (row: ReviewRequestRow) => ({
  ...toReviewRequestView(row),
  member_email: row.member_email,
  expert_id: row.expert_id,
  offer_expires_at: row.state === 'assigned' ? (row.offer_expires_at?.toISOString() ?? null) : null,
  offers: row.offers,
  escalated_at: row.state === 'accepted' ? (row.escalated_at?.toISOString() ?? null) : null,
});

/**
 * Whether the member has a review request still holding tokens. Deleting the account waits for
 * it (cancelled or delivered first), so its hold is resolved through the ledger and an expert is
 * never left reading the invention of an account that is gone.
 */
export async function memberHasOpenReview(q: Queryable, userId: string): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM review_requests WHERE user_id = $1 AND state = ANY($2) LIMIT 1', [userId, OPEN_STATES]);
  return r.rows.length > 0;
}
