import * as accountCodes from './templates/account-codes.ts';
import * as billing from './templates/billing.ts';
import * as dataExport from './templates/data-export.ts';
import * as expertAccess from './templates/expert-access.ts';
import * as notifications from './templates/notifications.ts';
import * as reviews from './templates/reviews.ts';
import * as securityNotices from './templates/security-notices.ts';
import type { MailTemplate } from './template.ts';

/** Every mail the product sends, by name: what composeMail, the preview and the tests go through. */
export const MAIL_TEMPLATES = {
  ...accountCodes,
  ...securityNotices,
  ...notifications,
  ...dataExport,
  ...billing,
  ...reviews,
  ...expertAccess,
} as const;

export type MailName = keyof typeof MAIL_TEMPLATES;
export type MailData<N extends MailName> = (typeof MAIL_TEMPLATES)[N] extends MailTemplate<infer D> ? D : never;
export const MAIL_NAMES = Object.keys(MAIL_TEMPLATES).sort() as MailName[];
