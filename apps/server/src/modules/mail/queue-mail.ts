import type { Queryable } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ComposedMail } from './compose-mail.ts';
import { sendMailJob, type QueuedMail } from './send-mail-job.ts';

/**
 * Queues a composed mail in the caller's transaction: it is sent only if that transaction
 * commits, and sending (with retries) happens off the request path. The job carries the rendered
 * message, so a template changed by a deploy never alters a mail already queued.
 */
export async function queueMail(
  queue: Pick<JobQueue, 'enqueue'>,
  tx: Queryable,
  mail: ComposedMail,
  attachments?: QueuedMail['attachments'],
) {
  const { to, subject, text, html } = mail;
  await queue.enqueue(tx, sendMailJob, {
    to,
    subject,
    text,
    ...(html === undefined ? {} : { html }),
    ...(attachments ? { attachments } : {}),
  });
}
