import { REFUND_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { creditNoteFileName } from './credit-note-row.ts';
import { openStoredDocument } from './stored-document.ts';

/** A credit note's PDF, as stored: to its owner (`userId`) or an operator (no userId); anyone else: not found. */
export async function creditNotePdf(deps: Pick<Deps, 'db' | 'blobs' | 'config'>, number: string, userId: string | undefined) {
  const r = await deps.db.query<{ user_id: string | null }>('SELECT user_id FROM credit_notes WHERE credit_note_number = $1', [number]);
  const note = r.rows[0];
  if (!note || (userId !== undefined && note.user_id !== userId)) {
    throw notFound(REFUND_MESSAGES.creditNoteNotFound, 'credit_note_not_found');
  }
  const file = await openStoredDocument(deps, 'credit_note', number);
  return { filename: creditNoteFileName(number), ...file };
}
