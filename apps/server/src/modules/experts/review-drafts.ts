import { EXPERT_MESSAGES, REVIEW_CONTENT_MESSAGES, type Complexity, type ReviewDraft, type ReviewDraftResponse } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';

/**
 * The request a draft belongs to, as its expert may reach it (decision 233): anyone else's, or
 * one no longer theirs (declined, lapsed: the expert is cleared), is a 404; one not accepted
 * (offered only, or delivered or cancelled since) is a 409. `lock` takes the request's row in
 * share mode, so a save waits for a delivery or cancel in flight (they lock it for update) and
 * then sees its new state, and a delivery waits for the save.
 */
export async function draftRequest(q: Queryable, id: string, who: ExpertAuth, lock: boolean): Promise<{ complexity: Complexity }> {
  if (!isUuid(id)) throw notFound(EXPERT_MESSAGES.notFound);
  const r = await q.query<{ state: string; expert_id: string | null; complexity: Complexity }>(
    `SELECT q.state, q.expert_id, r.complexity FROM review_requests q JOIN reports r ON r.id = q.report_id WHERE q.id = $1${lock ? ' FOR SHARE OF q' : ''}`,
    [id],
  );
  const row = r.rows[0];
  if (!row || row.expert_id !== who.id) throw notFound(EXPERT_MESSAGES.notFound);
  if (row.state !== 'accepted') throw conflict(REVIEW_CONTENT_MESSAGES.draftClosed, 'not_accepted');
  return { complexity: row.complexity };
}

export const toDraftResponse = (row: { content: ReviewDraft; saved_at: Date; revision: number } | undefined): ReviewDraftResponse =>
  row ? { draft: row.content, saved_at: row.saved_at.toISOString(), revision: row.revision } : { draft: null, saved_at: null, revision: 0 };
