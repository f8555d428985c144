import type { Db } from '../../db/client.ts';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit } from '../operators/index.ts';

/**
 * Erases a submission for good. The audit entry says which form and when it was sent, never who
 * sent it or what it said: erasing is often a sender's request to be forgotten.
 */
export async function eraseSubmission(db: Db, op: OperatorAuth, id: string): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound('Contact submission not found');
  return db.transaction(async (tx) => {
    const gone = await tx.query<{ form: string; submitted_at: Date }>(
      'DELETE FROM contact_submissions WHERE id = $1 RETURNING form, submitted_at',
      [id],
    );
    const row = gone.rows[0];
    if (!row) throw notFound('Contact submission not found');
    await audit(tx, op, 'contact.erase', `contact:${id}`, { form: row.form, submitted_at: row.submitted_at.toISOString() });
    return { message: 'Contact submission erased' };
  });
}
