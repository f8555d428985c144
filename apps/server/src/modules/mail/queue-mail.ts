import type { Queryable } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendMailJob, type QueuedMail } from './send-mail-job.ts';

/**
 * Queues a mail in the caller's transaction: it is sent only if that transaction commits,
 * and sending (with retries) happens off the request path.
 */
export async function queueMail(queue: Pick<JobQueue, 'enqueue'>, tx: Queryable, mail: QueuedMail) {
  await queue.enqueue(tx, sendMailJob, mail);
}
