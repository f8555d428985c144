import type { ReviewDraft, ReviewDraftResponse } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { draftRequest, toDraftResponse } from './review-drafts.ts';

/** The review as last saved, for its expert while accepted (decision 233); no draft yet → `draft: null`. */
export async function readReviewDraft(deps: Pick<Deps, 'db'>, id: string, who: ExpertAuth): Promise<ReviewDraftResponse> {
  await draftRequest(deps.db, id, who, false);
  const r = await deps.db.query<{ content: ReviewDraft; saved_at: Date; revision: number }>(
    'SELECT content, saved_at, revision FROM review_drafts WHERE request_id = $1 AND expert_id = $2',
    [id, who.id],
  );
  return toDraftResponse(r.rows[0]);
}
