/**
 * Every mail the product sends (decision 240): the templates and their one layout, composed by
 * name with typed data; mail sent after the fact (receipts, notices) goes through the job queue,
 * codes are sent directly. The operators' preview of every template is here too (not in production).
 */
export { composeMail, renderMail, type ComposedMail } from './compose-mail.ts';
export { MAIL_NAMES, type MailData, type MailName } from './catalogue.ts';
export { queueMail } from './queue-mail.ts';
export { sendMailJob, type QueuedMail } from './send-mail-job.ts';
export { forgetRecipient } from './forget-recipient.ts';
export { mailRoutes } from './mail.routes.ts';
