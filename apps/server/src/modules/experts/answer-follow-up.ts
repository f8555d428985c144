import { FOLLOW_UP_MESSAGES, type answerFollowUpRequest } from '@assay/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { auditExpert } from '../operators/index.ts';
import { visibleTo } from './expert-assignments.ts';
import { mailFollowUpAnswered } from './follow-up-mails.ts';
import { findRequest } from './review-request-row.ts';

/**
 * The expert answers the member's follow-up questions, one answer per question, once (decision
 * 234). Only the expert who delivered the review, while it is theirs to see (another's, or one
 * past its access period, is a 404). "Once" is the conditional update: of two answers sent
 * together one finds `answered_at` empty and the other a 409; a trigger refuses any later edit.
 * The member is mailed and the answer audited in the same transaction.
 */
export async function answerFollowUp(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  id: string,
  who: ExpertAuth,
  input: z.output<typeof answerFollowUpRequest>,
): Promise<void> {
  const req = await findRequest(deps.db, id, visibleTo('$2'), [who.id]);
  if (req.state !== 'delivered' || !req.follow_up) throw conflict(FOLLOW_UP_MESSAGES.noFollowUp, 'no_follow_up');
  if (req.follow_up.answers) throw conflict(FOLLOW_UP_MESSAGES.alreadyAnswered, 'follow_up_answered');
  if (input.answers.length !== req.follow_up.questions.length) throw badRequest(FOLLOW_UP_MESSAGES.answerEach, 'answer_each');
  await deps.db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE review_follow_ups SET answers = $2, answered_at = now() WHERE request_id = $1 AND answered_at IS NULL RETURNING request_id`,
      [id, input.answers],
    );
    if (!updated.rows.length) throw conflict(FOLLOW_UP_MESSAGES.alreadyAnswered, 'follow_up_answered');
    await auditExpert(tx, who, 'expert.follow_up_answered', `review:${id}`, { report_id: req.report_id, answers: input.answers.length });
    await mailFollowUpAnswered(deps, tx, { userId: req.user_id, reportId: req.report_id, title: req.report_title, expertName: who.name });
  });
}
