import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { defineJob } from '../../jobs/job-definition.ts';

const attachment = z.object({
  filename: z.string().min(1).max(200),
  contentType: z.string().min(1).max(100),
  /** A blob-store key: files travel by reference, so the queue row stays small. */
  blobKey: z.string().min(1).max(300),
});

export const mailPayload = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().optional(),
  attachments: z.array(attachment).max(5).optional(),
});

export type QueuedMail = z.infer<typeof mailPayload>;

/**
 * Mail that follows something a member did (a receipt, a report ready). Queued in the
 * transaction of the change it reports, sent here with backoff: a mail server that is down
 * delays the message and never fails or blocks the action.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  payload: mailPayload,
  policy: (config) => ({ retryLimit: 10, retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS, expireInSeconds: 5 * 60, concurrency: 2 }),
  start(deps: Pick<Deps, 'mailer' | 'blobs' | 'log'>) {
    return {
      async handle(job) {
        const mail = job.data;
        const attachments = await Promise.all(
          (mail.attachments ?? []).map(async (a) => {
            const blob = await deps.blobs.get(a.blobKey);
            // A file that is gone will not come back: send without it rather than retry forever.
            if (!blob) return undefined;
            return { filename: a.filename, contentType: a.contentType, content: await buffer(blob.body) };
          }),
        );
        await deps.mailer.send({ ...mail, attachments: attachments.filter((a) => a !== undefined) });
        deps.log.info({ job: job.id, subject: mail.subject }, 'mail sent');
      },
    };
  },
});
