/** Mail sent after the fact (receipts, notices), through the job queue. Codes are sent directly. */
export { queueMail } from './queue-mail.ts';
export { sendMailJob, type QueuedMail } from './send-mail-job.ts';
export { forgetRecipient } from './forget-recipient.ts';
