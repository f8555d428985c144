import type { Queryable } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendMailJob } from './send-mail-job.ts';

/** Account deletion: mail to the address, waiting or already sent, leaves the queue's tables. */
export async function forgetRecipient(queue: Pick<JobQueue, 'forget'>, tx: Queryable, address: string): Promise<number> {
  return queue.forget(tx, sendMailJob.name, 'to', address);
}
