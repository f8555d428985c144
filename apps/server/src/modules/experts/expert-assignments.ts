import { EXPERT_MESSAGES, type ExpertAssignmentView } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { ExpertAuth } from '../../http/expert-guard.ts';
import { notFound } from '../../lib/errors.ts';
import { auditExpert } from '../operators/index.ts';
import { openReportPdf, storedRecord } from '../reports/index.ts';
import { findRequest, REQUEST_SELECT, type ReviewRequestRow } from './review-request-row.ts';

/**
 * What an expert sees (decision 230, confidentiality): only requests offered to or taken by them,
 * never the member's name or e-mail. The invention itself (the record, the PDF) only once they
 * have accepted, and for REVIEW_ACCESS_DAYS after delivery; each view is in the audit log.
 */
export const REVIEW_ACCESS_DAYS = 30;

const toAssignment = (row: ReviewRequestRow): ExpertAssignmentView => ({
  id: row.id,
  report_title: row.report_title,
  complexity: row.complexity,
  sections: row.sections,
  questions: row.questions,
  state: row.state,
  fee: row.expert_rate,
  due_at: row.due_at.toISOString(),
  assigned_at: row.assigned_at?.toISOString() ?? null,
  // Only an offer waiting for its answer has an accept-by time worth showing (decision 227).
  offer_expires_at: row.state === 'assigned' ? (row.offer_expires_at?.toISOString() ?? null) : null,
  rating: row.rating,
  follow_up: row.follow_up,
});

/**
 * A declined request is no longer theirs to see; a delivered one stays readable for a while, counted
 * from the member's follow-up questions when asked (decision 234), so the expert can answer them
 * with the invention in front of them. (`fu` is REQUEST_SELECT's join of the follow-up.)
 */
export const visibleTo = (param: string) => `q.expert_id = ${param} AND (q.state IN ('assigned', 'accepted')
  OR (q.state = 'delivered' AND greatest(q.resolved_at, fu.asked_at) > now() - make_interval(days => ${REVIEW_ACCESS_DAYS})))`;

export async function listAssignments(deps: Pick<Deps, 'db'>, who: ExpertAuth): Promise<{ assignments: ExpertAssignmentView[] }> {
  const r = await deps.db.query<ReviewRequestRow>(
    `${REQUEST_SELECT} WHERE ${visibleTo('$1')} ORDER BY q.state = 'delivered', q.due_at, q.id LIMIT 200`,
    [who.id],
  );
  return { assignments: r.rows.map(toAssignment) };
}

/** Whether the invention may be shown: accepted, or delivered within the access period. */
const opensInvention = (row: ReviewRequestRow) => row.state === 'accepted' || row.state === 'delivered';

export async function readAssignment(deps: Pick<Deps, 'db'>, id: string, who: ExpertAuth) {
  const row = await findRequest(deps.db, id, visibleTo('$2'), [who.id]);
  let record: Record<string, unknown> | null = null;
  if (opensInvention(row)) {
    const stored = (await deps.db.query<{ record: unknown }>('SELECT record FROM reports WHERE id = $1', [row.report_id])).rows[0];
    record = (storedRecord(stored?.record) as Record<string, unknown> | undefined) ?? null;
    await auditExpert(deps.db, who, 'expert.report_view', `review:${row.id}`, { report_id: row.report_id });
  }
  return { ...toAssignment(row), record, review: row.review };
}

export async function openAssignmentPdf(deps: Pick<Deps, 'db' | 'blobs'>, id: string, who: ExpertAuth) {
  const row = await findRequest(deps.db, id, visibleTo('$2'), [who.id]);
  if (!opensInvention(row)) throw notFound(EXPERT_MESSAGES.notFound);
  const file = await openReportPdf(deps, row.report_id, undefined);
  await auditExpert(deps.db, who, 'expert.pdf_view', `review:${row.id}`, { report_id: row.report_id });
  return file;
}
