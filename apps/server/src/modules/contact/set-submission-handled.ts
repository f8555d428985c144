import type { ContactSubmission } from '@assay/shared';
import type { Db } from '../../db/client.ts';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit } from '../operators/index.ts';
import { SUBMISSION_COLUMNS, toSubmissionView, type SubmissionRow } from './list-submissions.ts';

/**
 * Marks a submission handled by this operator, or open again. Marking one already handled keeps
 * who handled it first; each change that happens is in the audit log.
 */
export async function setSubmissionHandled(db: Db, op: OperatorAuth, id: string, handled: boolean): Promise<ContactSubmission> {
  if (!isUuid(id)) throw notFound('Contact submission not found');
  return db.transaction(async (tx) => {
    const changed = await tx.query<SubmissionRow>(
      handled
        ? `UPDATE contact_submissions SET handled_at = now(), handled_by = $2 WHERE id = $1 AND handled_at IS NULL RETURNING ${SUBMISSION_COLUMNS}`
        : `UPDATE contact_submissions SET handled_at = NULL, handled_by = NULL WHERE id = $1 AND handled_at IS NOT NULL AND $2::text IS NOT NULL RETURNING ${SUBMISSION_COLUMNS}`,
      [id, op.username],
    );
    if (changed.rows[0]) {
      await audit(tx, op, handled ? 'contact.handled' : 'contact.reopened', `contact:${id}`);
      return toSubmissionView(changed.rows[0]);
    }
    const current = await tx.query<SubmissionRow>(`SELECT ${SUBMISSION_COLUMNS} FROM contact_submissions WHERE id = $1`, [id]);
    if (!current.rows[0]) throw notFound('Contact submission not found');
    return toSubmissionView(current.rows[0]);
  });
}
