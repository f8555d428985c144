import type { ReviewState } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { REQUEST_SELECT, toAdminReviewRequestView, type ReviewRequestRow } from './review-request-row.ts';

/** The operator's queue: open requests oldest first (the next to act on at the top), then the newest resolved; 200 at most. */
export async function listReviewQueue(deps: Pick<Deps, 'db'>, state?: ReviewState) {
  const r = await deps.db.query<ReviewRequestRow>(
    `${REQUEST_SELECT} WHERE ($1::text IS NULL OR q.state = $1)
      ORDER BY q.state IN ('requested', 'assigned', 'accepted') DESC,
               CASE WHEN q.state IN ('requested', 'assigned', 'accepted') THEN q.created_at END ASC,
               q.created_at DESC, q.id
      LIMIT 200`,
    [state ?? null],
  );
  return { requests: r.rows.map(toAdminReviewRequestView) };
}
