import type { Queryable } from '../../db/client.ts';
import { toCsv } from './csv.ts';
import { allSubmissions, type SubmissionFilter } from './list-submissions.ts';

export const SUBMISSION_CSV_HEADER = ['Submitted at', 'Form', 'Reason', 'Name', 'Email', 'Phone', 'Message', 'ID'] as const;

/** Which form a message came from, as the panel labels it. */
const FORM_LABELS: Record<string, string> = { contact: 'Contact page', rttp: 'RTTP request' };

/** The filtered submissions as a CSV document, newest first. */
export async function exportSubmissions(db: Queryable, filter: SubmissionFilter): Promise<{ csv: string; count: number }> {
  const submissions = await allSubmissions(db, filter);
  const csv = toCsv(
    SUBMISSION_CSV_HEADER,
    submissions.map((s) => [s.submitted_at, FORM_LABELS[s.form] ?? s.form, s.reason, s.name, s.email, s.phone, s.message, s.id]),
  );
  return { csv, count: submissions.length };
}
