import { Readable } from 'node:stream';
import { CONTACT_REASON_LABELS } from '@assay/shared';
import type { Db, Queryable } from '../../db/client.ts';
import { csvRow } from './csv.ts';
import { allSubmissions, type SubmissionFilter } from './list-submissions.ts';

export const SUBMISSION_CSV_HEADER = [
  'Submitted at (UTC)',
  'Form',
  'Reason',
  'Name',
  'Email',
  'Phone',
  'Message',
  'Handled at (UTC)',
  'Handled by',
  'ID',
] as const;

/** Which form a message came from, as the panel labels it. */
const FORM_LABELS: Record<string, string> = { contact: 'Contact page', rttp: 'RTTP request' };

/** A reason as the form offered it ('IP Licensing'), not its code. */
const reasonLabel = (r: string | null) => (r ? ((CONTACT_REASON_LABELS as Record<string, string>)[r] ?? r) : null);

/**
 * The filtered submissions as a CSV stream, newest first: a UTF-8 byte-order mark and the header,
 * then a page of rows at a time as the reader takes them (keyset paging), so memory stays flat
 * however many messages there are (docs/decisions/181-heavy-work-off-the-event-loop.md).
 * `finished(count, complete)` runs once at the end, or when the download is abandoned.
 */
export function exportSubmissions(
  db: Queryable & Pick<Db, 'kind'>,
  filter: SubmissionFilter,
  finished: (count: number, complete: boolean) => Promise<void>,
): Readable {
  // On the embedded database a page is read in the server's own thread, where every other request
  // waits for it: half the rows, half the wait (decision 252).
  const pageSize = db.kind === 'pglite' ? 100 : 200;
  async function* lines() {
    let count = 0;
    let complete = false;
    try {
      yield `\uFEFF${csvRow(SUBMISSION_CSV_HEADER)}\r\n`;
      for await (const page of allSubmissions(db, filter, pageSize)) {
        count += page.length;
        yield `${page
          .map((s) =>
            csvRow([
              s.submitted_at,
              FORM_LABELS[s.form] ?? s.form,
              reasonLabel(s.reason),
              s.name,
              s.email,
              s.phone,
              s.message,
              s.handled_at,
              s.handled_by,
              s.id,
            ]),
          )
          .join('\r\n')}\r\n`;
      }
      complete = true;
    } finally {
      await finished(count, complete);
    }
  }
  return Readable.from(lines());
}
