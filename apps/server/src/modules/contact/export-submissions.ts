import type { Queryable } from '../../db/client.ts';
import { toCsv } from './csv.ts';
import { allSubmissions, type SubmissionFilter } from './list-submissions.ts';

export const SUBMISSION_CSV_HEADER = ['Submitted at', 'Reason', 'Name', 'Email', 'Phone', 'Message', 'ID'] as const;

/** The filtered submissions as a CSV document, newest first. */
export async function exportSubmissions(db: Queryable, filter: SubmissionFilter): Promise<{ csv: string; count: number }> {
  const submissions = await allSubmissions(db, filter);
  const csv = toCsv(
    SUBMISSION_CSV_HEADER,
    submissions.map((s) => [s.submitted_at, s.reason, s.name, s.email, s.phone, s.message, s.id]),
  );
  return { csv, count: submissions.length };
}
