import { REFUND_MESSAGES } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { creditNoteFileName, findCreditNote } from './credit-note-row.ts';
import { renderCreditNotePdf } from './render-credit-note-pdf.ts';

/** A credit note's PDF: to its owner (`userId`) or an operator (no userId); anyone else: not found. */
export async function creditNotePdf(db: Queryable, number: string, userId: string | undefined) {
  const found = await findCreditNote(db, number);
  if (!found || (userId !== undefined && found.note.user_id !== userId)) {
    throw notFound(REFUND_MESSAGES.creditNoteNotFound, 'credit_note_not_found');
  }
  return { filename: creditNoteFileName(found.note.credit_note_number), body: await renderCreditNotePdf(found.note, found.invoice) };
}
