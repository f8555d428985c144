import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { reportJob } from './report-job.ts';

/**
 * Reports that lost their worker, queued again; the worker that takes the new job resumes from
 * the saved sections. Two ways a worker is lost:
 * - its lease expired (crashed, killed or frozen while writing);
 * - it fetched the job and died before taking the lease (issue 26): the report has no lease and
 *   no job that will still reach it, since its job is active in the queue, fetched longer ago
 *   than a lease lasts, and the queue would only notice that after the job's 15-minute expiry.
 *   A live worker takes the lease within milliseconds of the fetch. Decision 162.
 * One transaction, rows locked and skipped when locked, so of several sweeps only one queues a
 * report; the job it queues keeps the next sweep from queueing it again.
 */
export async function requeueAbandonedReports(db: Db, queue: Pick<JobQueue, 'enqueue'>, leaseMs: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const expired = await tx.query<{ id: string }>(
      `UPDATE reports SET lease_owner = NULL, lease_until = NULL
        WHERE id IN (SELECT id FROM reports WHERE status = 'processing' AND lease_until < now()
                      ORDER BY lease_until LIMIT 100 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
    );
    const neverLeased = await tx.query<{ id: string }>(
      `SELECT r.id FROM reports r
        WHERE r.status = 'processing' AND r.lease_owner IS NULL
          AND r.created_at < now() - make_interval(secs => $2)
          AND NOT EXISTS (
            SELECT 1 FROM pgboss.job j
             WHERE j.name = $1 AND j.data->>'reportId' = r.id::text
               AND (j.state IN ('created', 'retry')
                    OR (j.state = 'active' AND j.started_on > now() - make_interval(secs => $2))))
        ORDER BY r.created_at LIMIT 100 FOR UPDATE OF r SKIP LOCKED`,
      [reportJob.name, leaseMs / 1000],
    );
    // The dead worker's job is cancelled rather than left to expire and retry in 15 minutes.
    // Were that worker only slow, its later "completed" finds no active job, and the lease
    // still lets one attempt at a time write the report.
    if (neverLeased.rows.length) {
      await tx.query(
        `UPDATE pgboss.job SET state = 'cancelled', completed_on = now()
          WHERE name = $1 AND state = 'active' AND data->>'reportId' = ANY($2::text[])`,
        [reportJob.name, neverLeased.rows.map((row) => row.id)],
      );
    }
    const ids = [...expired.rows, ...neverLeased.rows].map((row) => row.id);
    for (const id of ids) await queue.enqueue(tx, reportJob, { reportId: id });
    return ids;
  });
}
