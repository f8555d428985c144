import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { composeMail, queueMail } from '../mail/index.ts';

/**
 * The mails of decision 235, each queued in the transaction of the change it reports (sent only if
 * it commits): an expert's second factor turned on or off, and an applicant's declined application
 * (an invited one gets the invitation mail itself). The wording is the mail module's.
 */
type MailDeps = Pick<Deps, 'queue' | 'config'>;

export async function mailExpertSecurityNotice(
  deps: MailDeps,
  tx: Queryable,
  e: { email: string; name: string },
  notice: { subject: string; what: string },
) {
  await queueMail(deps.queue, tx, composeMail(deps.config, e.email, 'expertSecurityNotice', { name: e.name, ...notice, at: new Date() }));
}

export async function mailApplicationDeclined(deps: MailDeps, tx: Queryable, a: { email: string; name: string }) {
  await queueMail(deps.queue, tx, composeMail(deps.config, a.email, 'applicationDeclined', { name: a.name }));
}
