import type { ReviewState } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { REQUEST_SELECT, toAdminReviewRequestView, type ReviewRequestRow } from './review-request-row.ts';

/**
 * The operator's queue: open requests first, those needing the operator at the very top (back in
 * the queue after a decline or a lapsed offer, or overdue: decision 227), then oldest first (the
 * next to act on), then the newest resolved; 200 at most.
 */
export async function listReviewQueue(deps: Pick<Deps, 'db'>, state?: ReviewState) {
  const r = await deps.db.query<ReviewRequestRow>(
    `${REQUEST_SELECT} WHERE ($1::text IS NULL OR q.state = $1)
      ORDER BY q.state IN ('requested', 'assigned', 'accepted') DESC,
               ((q.state = 'requested' AND q.needs_expert_reason IS NOT NULL) OR (q.state = 'accepted' AND q.escalated_at IS NOT NULL)) DESC,
               CASE WHEN q.state IN ('requested', 'assigned', 'accepted') THEN q.created_at END ASC,
               q.created_at DESC, q.id
      LIMIT 200`,
    [state ?? null],
  );
  return { requests: r.rows.map(toAdminReviewRequestView) };
}
