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
export async function requeueAbandonedReports(
  db: Db,
  queue: Pick<JobQueue, 'enqueue' | 'find' | 'cancel'>,
  leaseMs: number,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const expired = await tx.query<{ id: string }>(
      `UPDATE reports SET lease_owner = NULL, lease_until = NULL
        WHERE id IN (SELECT id FROM reports WHERE status = 'processing' AND lease_until < now()
                      ORDER BY lease_until LIMIT 100 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
    );
    const unleased = await tx.query<{ id: string; fetched_since: Date }>(
      `SELECT id, now() - make_interval(secs => $1) AS fetched_since FROM reports
        WHERE status = 'processing' AND lease_owner IS NULL AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED`,
      [leaseMs / 1000],
    );
    // A report some job will still reach is not abandoned: one waiting, or one a worker fetched
    // less than a lease ago (it is about to take the lease).
    const neverLeased: Array<{ id: string; deadJobs: string[] }> = [];
    for (const { id, fetched_since: since } of unleased.rows) {
      const jobs = await queue.find(tx, reportJob.name, { reportId: id });
      const alive = jobs.some(
        (job) =>
          job.state === 'created' ||
          job.state === 'retry' ||
          (job.state === 'active' && job.startedOn !== null && new Date(job.startedOn).getTime() > new Date(since).getTime()),
      );
      if (!alive) neverLeased.push({ id, deadJobs: jobs.filter((job) => job.state === 'active').map((job) => job.id) });
    }
    // The dead worker's job is cancelled rather than left to expire and retry in 15 minutes.
    // Were that worker only slow, its later "completed" finds no active job, and the lease
    // still lets one attempt at a time write the report.
    await queue.cancel(
      tx,
      reportJob.name,
      neverLeased.flatMap((report) => report.deadJobs),
    );
    const ids = [...expired.rows, ...neverLeased].map((row) => row.id);
    for (const id of ids) await queue.enqueue(tx, reportJob, { reportId: id });
    return ids;
  });
}
