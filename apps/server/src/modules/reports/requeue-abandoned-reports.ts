import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { reportJob } from './report-job.ts';

/**
 * A report whose lease expired lost its worker (crashed, killed, frozen): clear the lease and
 * queue it again in one transaction, so of several workers sweeping at once only one queues it.
 * The worker that takes the new job resumes from the saved sections.
 */
export async function requeueAbandonedReports(db: Db, queue: Pick<JobQueue, 'enqueue'>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(
      `UPDATE reports SET lease_owner = NULL, lease_until = NULL
        WHERE id IN (SELECT id FROM reports WHERE status = 'processing' AND lease_until < now()
                      ORDER BY lease_until LIMIT 100 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
    );
    for (const { id } of r.rows) await queue.enqueue(tx, reportJob, { reportId: id });
    return r.rows.map((row) => row.id);
  });
}
