import type { ReviewDraft, ReviewDraftResponse } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { checkCommentSections } from './review-comments.ts';
import { draftRequest, toDraftResponse } from './review-drafts.ts';

/**
 * Saves the review being written, whole (decision 233). Each save replaces the draft in one
 * statement, so two tabs saving at once never mix their fields: the later save is the draft
 * (last write wins), and the revision counts both. Under the request's row lock in share mode, so
 * a save racing the delivery either lands before it (and the delivery's trigger removes it) or
 * finds the request delivered (409): no draft outlives its review.
 */
export async function saveReviewDraft(
  deps: Pick<Deps, 'db'>,
  id: string,
  who: ExpertAuth,
  draft: ReviewDraft,
): Promise<ReviewDraftResponse> {
  return deps.db.transaction(async (tx) => {
    const { complexity } = await draftRequest(tx, id, who, true);
    checkCommentSections(complexity, draft.comments);
    const r = await tx.query<{ content: ReviewDraft; saved_at: Date; revision: number }>(
      `INSERT INTO review_drafts (request_id, expert_id, content) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (request_id) DO UPDATE SET content = EXCLUDED.content, revision = review_drafts.revision + 1, saved_at = now()
       RETURNING content, saved_at, revision`,
      [id, who.id, JSON.stringify(draft)],
    );
    return toDraftResponse(r.rows[0]);
  });
}
